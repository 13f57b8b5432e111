int host_only(int x) { return x + 1; }
// An inline restrict(cpu, amp) function: Clang would complain only once a kernel
// reaches it.
inline int both(int x) restrict(cpu, amp) {
  return host_only(x);  // error: 'host_only', a restrict(cpu) function, cannot be called from restrict(amp) code
}
int main() { return both(0) == 1 ? 0 : 1; }
