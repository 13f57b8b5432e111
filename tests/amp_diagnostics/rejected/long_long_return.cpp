long long big() restrict(cpu, amp) {  // error: the return type of restrict(amp) function 'big': 'long long' is not allowed in restrict(amp) code
  return 1;
}
int main() { return static_cast<int>(big()) - 1; }
