int next() restrict(amp) {
  static int counter;  // error: static local variable 'counter' is not allowed in restrict(amp) code
  return ++counter;
}
int main() { return 0; }
