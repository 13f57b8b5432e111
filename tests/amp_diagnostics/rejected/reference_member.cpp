#include <amp.h>
using namespace concurrency;
struct holder {
  array_view<int, 1>& view;
};
int first(holder& h) restrict(amp) {  // error: member 'holder::view': a reference ('array_view<int, 1> &') as a data member is not allowed in restrict(amp) code
  return h.view[0];
}
int main() { return 0; }
