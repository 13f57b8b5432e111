int twice(int x) restrict(amp) {
  return [=]() -> int restrict(amp) { return 2 * x; }();  // error: restrict(amp) must come before the trailing return type of the lambda
}
int main() { return 0; }
