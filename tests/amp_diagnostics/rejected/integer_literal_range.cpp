int wrap() restrict(amp) {
  return (int)0x2ffffffffLL;  // error: the integer literal 12884901887 does not fit in 32 bits
}
int main() { return 0; }
