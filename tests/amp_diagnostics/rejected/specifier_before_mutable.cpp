int main() {
  int n = 1;
  auto inc = [n]() restrict(cpu, amp) mutable { return ++n; };  // error: restrict(cpu, amp) must follow mutable in a lambda declarator: write mutable restrict(cpu, amp)
  return inc() == 2 ? 0 : 1;
}
