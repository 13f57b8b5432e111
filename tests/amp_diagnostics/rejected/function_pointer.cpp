int negate(int x) restrict(amp) { return -x; }
int apply(int x) restrict(amp) {
  int (*f)(int) = nullptr;  // error: a function pointer ('int (*)(int)') is not allowed in restrict(amp) code: call the function directly
  return f ? f(x) : negate(x);
}
int main() { return 0; }
