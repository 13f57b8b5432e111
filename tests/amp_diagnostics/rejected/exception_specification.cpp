int zero() restrict(cpu, amp) throw() {  // error: restrict(amp) function 'zero' has a throw(...) exception specification: restrict(amp) code has no exceptions; remove it
  return 0;
}
int main() { return zero(); }
