struct base {
  int id;
};
struct derived : virtual base {};
int id() restrict(amp) {
  derived d;  // error: 'derived', a class with virtual base class 'base', is not allowed in restrict(amp) code: inherit without virtual
  return 0;
}
int main() { return 0; }
