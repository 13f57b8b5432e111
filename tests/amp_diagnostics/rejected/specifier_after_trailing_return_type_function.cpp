auto twice(int x) -> int restrict(amp) {  // error: restrict(amp) must come before the trailing return type of 'twice': write int twice(...) restrict(amp)
  return 2 * x;
}
int main() { return 0; }
