bool any(bool a, bool b) restrict(amp) {
  bool both[2];  // error: 'bool[2]' is not allowed in restrict(amp) code: its elements must be 4-byte aligned, and 'bool' has 1 byte; use an int array
  both[0] = a;
  both[1] = b;
  return both[0] || both[1];
}
int main() { return 0; }
