#include <typeinfo>
int same(int n) restrict(amp) {
  int& r = n;
  typeid(r);  // error: typeid is not allowed in restrict(amp) code
  return n;
}
int main() { return 0; }
