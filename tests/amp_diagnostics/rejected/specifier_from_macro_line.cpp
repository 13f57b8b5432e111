// A declaration read with its macros expanded (a restriction specifier and an
// exception specification from macros) keeps its file and line in diagnostics.
#define BOTH restrict(cpu, amp)
#define NOTHROW noexcept
int host_only(int x) { return x + 1; }
inline int both(int x) BOTH NOTHROW {
  return host_only(x);  // error: 'host_only', a restrict(cpu) function, cannot be called from restrict(amp) code
}
int main() { return both(0) == 1 ? 0 : 1; }
