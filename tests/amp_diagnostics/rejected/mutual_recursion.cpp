int odd(int n) restrict(cpu, amp);
int even(int n) restrict(cpu, amp) {
  return n == 0 ? 1 : odd(n - 1);  // error: 'even' calls itself (through 'odd'): recursion is not allowed in restrict(amp) code
}
int odd(int n) restrict(cpu, amp) { return n == 0 ? 0 : even(n - 1); }
int main() { return 0; }
