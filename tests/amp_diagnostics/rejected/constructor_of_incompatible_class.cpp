#include <amp.h>
using namespace concurrency;
struct slot {
  slot(array<int, 1>& a) restrict(cpu, amp) : data(&a) {}  // error: restrict(amp) constructor 'slot::slot' makes an object restrict(amp) code cannot hold: member 'slot::data': a pointer ('array<int, 1> *') as a data member is not allowed
  array<int, 1>* data;
};
int main() { return 0; }
