int first(int i) restrict(cpu, amp) {
  return "hello"[i];  // error: a string literal is not allowed in restrict(amp) code
}
int main() { return first(0) == 'h' ? 0 : 1; }
