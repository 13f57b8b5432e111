int first_positive(int a, int b) restrict(amp) {
  if (a > 0) return a;
done:  // error: a labeled statement is not allowed in restrict(amp) code
  return b;
}
int main() { return 0; }
