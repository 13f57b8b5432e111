int factorial(int n) restrict(amp) {
  return n <= 1 ? 1 : n * factorial(n - 1);  // error: 'factorial' calls itself: recursion is not allowed in restrict(amp) code
}
int main() { return 0; }
