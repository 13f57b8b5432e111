inline int safe(int n) restrict(cpu, amp) {
  try {  // error: try/catch is not allowed in restrict(amp) code
    return n;
  } catch (...) {
    return 0;
  }
}
int main() { return safe(0); }
