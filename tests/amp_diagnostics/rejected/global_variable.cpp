int calls = 0;
inline void count() restrict(cpu, amp) {
  calls = calls + 1;  // error: global variable 'calls' is not allowed in restrict(amp) code: host variables do not exist on the accelerator
}
int main() {
  count();
  return calls == 1 ? 0 : 1;
}
