// Plain C++ (the project's own compiler) calling into the C++ AMP object.
#include <cstdio>
#include <vector>

void square_all(std::vector<int>& v);

int main() {
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i) v[i] = i - 500;
  square_all(v);
  for (int i = 0; i < 1000; ++i) {
    if (v[i] != (i - 500) * (i - 500)) {
      std::printf("element %d is %d, expected %d\n", i, v[i], (i - 500) * (i - 500));
      return 1;
    }
  }
  std::printf("amp consumer: 1000 squares\n");
  return 0;
}
