// Cause companion-transitive (companion headers): C++ AMP BLAS's runtime includes only <amp.h>,
// <map>, <memory>, <assert.h> and <concurrent_unordered_map.h>, and uses
// concurrency::critical_section (declared in <concrt.h>) and DWORD / GetCurrentThreadId
// (<windows.h>), which Visual C++'s headers bring along. ampcl's do not: "no member named
// 'critical_section' in namespace 'Concurrency'", "use of undeclared identifier 'GetCurrentThreadId'".
// flags:
// bug: build
#include <amp.h>
#include <concurrent_unordered_map.h>

concurrency::critical_section lock;
concurrency::concurrent_unordered_map<DWORD, int> per_thread;

int main() {
  concurrency::critical_section::scoped_lock hold(lock);
  per_thread[GetCurrentThreadId()] = 1;
  return per_thread.size() == 1 ? 0 : 1;
}
