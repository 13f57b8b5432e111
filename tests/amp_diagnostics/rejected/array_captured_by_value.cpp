#include <amp.h>
using namespace concurrency;
int main() {
  array<int, 1> data(4);
  auto first = [data]() restrict(amp) { return 0; };  // error: the lambda captures 'data' by value, a concurrency::array
  (void)first;
  return 0;
}
