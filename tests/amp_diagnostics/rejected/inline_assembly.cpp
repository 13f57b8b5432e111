int nop(int n) restrict(cpu, amp) {
  asm("nop");  // error: inline assembly is not allowed in restrict(amp) code: write C++
  return n;
}
int main() { return nop(0); }
