int count(int n) restrict(amp) {
  int i = 0;
again:
  if (++i < n) goto again;  // error: goto is not allowed in restrict(amp) code: use a loop with break or continue
  return i;
}
int main() { return 0; }
