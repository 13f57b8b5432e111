#include <amp.h>
using namespace concurrency;
struct scaler {
  int factor = 2;
  void run(array_view<int, 1> v) {
    parallel_for_each(v.extent, [=](index<1> i) restrict(amp) {
      v[i] *= factor;  // error: the lambda captures 'this' (it uses a member), a pointer to a CPU object
    });
  }
};
int main() { return 0; }
