inline int checked(int n) restrict(cpu, amp) {
  if (n < 0) throw n;  // error: throw is not allowed in restrict(amp) code: the accelerator has no exceptions; return an error value instead
  return n;
}
int main() { return checked(0); }
