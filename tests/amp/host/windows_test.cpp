// <windows.h> and <tchar.h> as C++ AMP programs use them beside their kernels: the
// types with Windows' sizes, the performance counter (monotonic, its frequency
// consistent with a measured sleep), the tick counts, Sleep, thread ids,
// ZeroMemory, OutputDebugString (to stderr here), Visual C++'s min and max macros,
// and _tmain/_TCHAR/_T/_tprintf for the narrow build. In Visual C++'s dialect
// (AMP_TEST_FLAGS) also stdext's checked iterators, which <iterator> declares there.
#include "amp_check.h"
// <windows.h> after amp_check.h, which says numeric_limits<T>::max(): a program's own
// headers need NOMINMAX or (max)() after <windows.h>, in Visual C++ as here.
#include <tchar.h>
#include <windows.h>

// C++ library headers after <windows.h>, its min and max macros defined: they
// still compile (<windows.h> read them first).
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <limits>
#include <random>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

#ifdef _MSC_VER
#include <Windows.h>  // as Visual C++ code often spells it

#include <iterator>  // Visual C++'s declares stdext's iterators
#endif

#include "amp_check.h"

#if !defined(min) || !defined(max)
#error "<windows.h> defines the min and max macros without NOMINMAX"
#endif

namespace {

static_assert(sizeof(BYTE) == 1 && sizeof(WORD) == 2 && sizeof(DWORD) == 4 && sizeof(LONG) == 4 &&
                  sizeof(ULONG) == 4 && sizeof(UINT) == 4 && sizeof(LONGLONG) == 8 &&
                  sizeof(ULONGLONG) == 8 && sizeof(LARGE_INTEGER) == 8 && sizeof(BOOL) == 4 &&
                  sizeof(INT_PTR) == sizeof(void*) && sizeof(SIZE_T) == sizeof(void*) &&
                  sizeof(HANDLE) == sizeof(void*),
              "Windows' sizes");

void types() {
  LARGE_INTEGER li;
  li.QuadPart = 0x0000000500000007LL;
  AMP_CHECK(li.LowPart == 7 && li.HighPart == 5 && li.u.LowPart == 7 && li.u.HighPart == 5);
  li.HighPart = -1;
  AMP_CHECK(li.QuadPart < 0);
  LPCSTR narrow = "abc";
  LPCWSTR wide = L"abc";
  CHAR c = narrow[1];
  WCHAR w = wide[1];
  AMP_CHECK(c == 'b' && w == L'b');
  BOOL yes = TRUE, no = FALSE;
  AMP_CHECK(yes && !no);
  FLOAT f = 1.5f;
  LPVOID p = &f;
  AMP_CHECK(*static_cast<FLOAT*>(p) == 1.5f);
  int buffer[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  ZeroMemory(buffer, sizeof buffer);
  AMP_CHECK(std::all_of(buffer, buffer + 8, [](int x) { return x == 0; }));
  HRESULT hr = E_FAIL;
  AMP_CHECK(FAILED(hr) && SUCCEEDED(S_OK));
}

void WINAPI timers() {
  LARGE_INTEGER frequency, start, end;
  AMP_CHECK(QueryPerformanceFrequency(&frequency) && frequency.QuadPart > 0);
  AMP_CHECK(QueryPerformanceCounter(&start));
  // Monotonic: never goes back over many reads.
  LARGE_INTEGER previous = start, now;
  bool monotonic = true;
  for (int i = 0; i < 100000; ++i) {
    QueryPerformanceCounter(&now);
    monotonic &= now.QuadPart >= previous.QuadPart;
    previous = now;
  }
  AMP_CHECK(monotonic);
  // A 200 ms sleep measured by the counter and by the C++ clock agree.
  const ULONGLONG ticks_before = GetTickCount64();
  const DWORD ticks32_before = GetTickCount();
  QueryPerformanceCounter(&start);
  const auto clock_start = std::chrono::steady_clock::now();
  Sleep(200);
  QueryPerformanceCounter(&end);
  const double clock_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - clock_start).count();
  const double counter_seconds =
      static_cast<double>(end.QuadPart - start.QuadPart) / static_cast<double>(frequency.QuadPart);
  AMP_CHECK(counter_seconds >= 0.195 && counter_seconds <= clock_seconds + 0.01);
  AMP_CHECK(clock_seconds - counter_seconds < 0.05);
  const ULONGLONG ticks = GetTickCount64() - ticks_before;
  AMP_CHECK(ticks >= 190 && ticks < 10000);
  AMP_CHECK(GetTickCount() - ticks32_before >= 190);
}

void threads() {
  const DWORD me = GetCurrentThreadId();
  DWORD other = me;
  std::thread([&other] { other = GetCurrentThreadId(); }).join();
  AMP_CHECK(me != other && me == static_cast<DWORD>(gettid()));
  AMP_CHECK(GetCurrentProcessId() == static_cast<DWORD>(getpid()));
}

void debug_output() {
  // OutputDebugStringA/W write to stderr: read it back through a pipe.
  std::fflush(stderr);
  int pipe_ends[2];
  AMP_CHECK(pipe(pipe_ends) == 0);
  const int saved = dup(2);
  dup2(pipe_ends[1], 2);
  OutputDebugStringA("narrow text\n");
  OutputDebugStringW(L"wide text\n");
  OutputDebugString(TEXT("generic text\n"));
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  close(pipe_ends[1]);
  char got[128] = {};
  const ssize_t n = read(pipe_ends[0], got, sizeof got - 1);
  close(pipe_ends[0]);
  AMP_CHECK(n > 0 && std::string(got) == "narrow text\nwide text\ngeneric text\n");
}

void min_max() {
  int a = 3, b = 7;
  AMP_CHECK(max(a, b) == 7 && min(a, b) == 3);
  AMP_CHECK(max(2.5, -1.0) == 2.5);
  // Visual C++ programs write the C++ library's through parentheses.
  AMP_CHECK((std::max)(a, b) == 7 && (std::numeric_limits<int>::max)() == 2147483647);
  std::vector<int> v = {4, 1, 3};
  std::sort(v.begin(), v.end());
  AMP_CHECK(v.front() == 1);
}

void tchar() {
  const _TCHAR* text = _T("tchar");
  AMP_CHECK(sizeof(_TCHAR) == 1 && sizeof(TCHAR) == 1);
  AMP_CHECK(_tcslen(text) == 5 && _tcscmp(text, _T("tchar")) == 0 && _ttoi(_T("42")) == 42);
  _TCHAR buffer[32];
  _stprintf(buffer, _T("%d-%s"), 7, text);
  AMP_CHECK(_tcscmp(buffer, _T("7-tchar")) == 0);
}

#ifdef _MSC_VER
// std::identity, as Visual C++'s <utility> declared it before C++20.
void std_identity() {
  static_assert(std::is_same<std::identity<long>::type, long>::value, "identity<T>::type");
  std::vector<int> in{3, -1, 4}, out(3, -9);
  std::transform(in.begin(), in.end(), out.begin(), std::identity<int>());
  AMP_CHECK(out == in);
}

void stdext_iterators() {
  int data[5] = {5, 4, 3, 2, 1};
  int out[5] = {};
  std::copy(data, data + 5, stdext::make_checked_array_iterator(out, 5));
  AMP_CHECK(std::equal(data, data + 5, out));
  auto checked = stdext::make_checked_array_iterator(data, 5);
  std::sort(checked, checked + 5);
  AMP_CHECK(data[0] == 1 && data[4] == 5 && (checked + 5) - checked == 5);
  AMP_CHECK(checked.base() == data && checked[2] == 3);
  auto unchecked = stdext::make_unchecked_array_iterator(out);
  std::fill(unchecked, unchecked + 5, 9);
  AMP_CHECK(out[0] == 9 && out[4] == 9 && (unchecked + 5).base() == out + 5);
  // Out of range: the program stops with a message (in a child process here).
  std::fflush(nullptr);
  const pid_t child = fork();
  if (child == 0) {
    dup2(open("/dev/null", 1), 2);
    auto it = stdext::make_checked_array_iterator(data, 5);
    it += 6;
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  AMP_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT);
}
#endif

}  // namespace

int _tmain(int argc, _TCHAR* argv[]) {
  AMP_CHECK(argc >= 1 && _tcslen(argv[0]) > 0);
  types();
  timers();
  threads();
  debug_output();
  min_max();
  tchar();
#ifdef _MSC_VER
  stdext_iterators();
  std_identity();
#endif
  AMP_CHECK(_tprintf(_T("%s"), _T("")) == 0);
  return amp_check::finish("windows");
}
