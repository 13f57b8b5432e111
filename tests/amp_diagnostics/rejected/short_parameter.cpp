int twice(short s) restrict(cpu, amp) {  // error: parameter 's' of restrict(amp) function 'twice': 'short' is not allowed in restrict(amp) code: use int
  return 2 * s;
}
int main() { return twice(2) == 4 ? 0 : 1; }
