int wrap() restrict(amp) {
  return (int)0x2ffffffffLL;  // error: the integer literal 12884901887 has type 'long long', which restrict(amp) code cannot use
}
int main() { return 0; }
