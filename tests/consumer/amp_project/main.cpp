// Plain C++ (the project's own compiler) that makes the C++ AMP view itself and
// hands it to the C++ AMP object: <amp.h>'s host side compiles here too, and the
// view crosses from this compiler's code to ampcl-c++'s with one layout.
#include <amp.h>

#include <cstdio>
#include <vector>

void square_all(const concurrency::array_view<int, 1>& av);  // squares.cpp, by ampcl-c++

int main() {
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i) v[i] = i - 500;
  concurrency::array_view<int, 1> av(1000, v);
  square_all(av);
  av.synchronize();
  for (int i = 0; i < 1000; ++i) {
    if (v[i] != (i - 500) * (i - 500)) {
      std::printf("element %d is %d, expected %d\n", i, v[i], (i - 500) * (i - 500));
      return 1;
    }
  }
  std::printf("amp consumer: 1000 squares of a view made by the project's compiler\n");
  return 0;
}
