int apply(int x) restrict(amp) {
  int* p = &x;
  return [p]() restrict(amp) { return *p; }();  // error: the lambda captures 'p' by value, a pointer: restrict(amp) lambdas cannot capture pointers
}
int main() { return 0; }
