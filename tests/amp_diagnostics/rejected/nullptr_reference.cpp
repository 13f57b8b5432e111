#include <cstddef>
int none() restrict(amp) {
  std::nullptr_t n = nullptr;
  std::nullptr_t& r = n;  // error: a reference to 'std::nullptr_t' is not allowed in restrict(amp) code: use nullptr itself
  return r == nullptr ? 0 : 1;
}
int main() { return 0; }
