// short_vector<T, N> exists for C++ AMP's six scalar types and N = 1..4 only.
#include <amp_short_vectors.h>

int main() {
  concurrency::graphics::short_vector<char, 2>::type v;
  (void)v;
}
