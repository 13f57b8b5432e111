// <windows.h>: the part of the Windows API that C++ AMP programs use beside their
// kernels, on Linux (docs/companion_headers.md): the base types (BOOL, BYTE, WORD,
// DWORD, LONG, LARGE_INTEGER, HANDLE, the string pointer types, ...), TRUE/FALSE,
// WINAPI, the timers (QueryPerformanceCounter/Frequency, GetTickCount[64]), Sleep,
// GetCurrentThreadId/ProcessId, ZeroMemory and friends, OutputDebugStringA/W, and
// Visual C++'s min and max macros unless NOMINMAX is defined. Nothing of windowing,
// files, COM or Direct3D.
//
// Sizes are Windows': LONG, ULONG and DWORD are 32 bits (Linux's long is 64), as in
// Wine. WCHAR is wchar_t, which is 32 bits here.
#pragma once

// With the min and max macros below, a C++ library header read later would no
// longer compile (numeric_limits<T>::max(), std::min(a, b)), as Visual C++'s own
// library guards against: the library's headers are read here, first, without them.
// clang-format off
#include <ampcl/concurrency/macros_push.h>
#include <algorithm>
#include <any>
#include <array>
#include <atomic>
#include <bitset>
#include <cassert>
#include <cctype>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <complex>
#include <condition_variable>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cwchar>
#include <deque>
#include <exception>
#include <fstream>
#include <functional>
#include <future>
#include <initializer_list>
#include <iomanip>
#include <ios>
#include <iosfwd>
#include <iostream>
#include <istream>
#include <iterator>
#include <limits>
#include <list>
#include <locale>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <optional>
#include <ostream>
#include <queue>
#include <random>
#include <ratio>
#include <regex>
#include <set>
#include <shared_mutex>
#include <sstream>
#include <stack>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <type_traits>
#include <typeindex>
#include <typeinfo>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <valarray>
#include <variant>
#include <vector>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <ampcl/concurrency/macros_pop.h>
// clang-format on

#include <ampcl/concurrency/windows_api.h>

// ---- Visual C++'s min and max ----------------------------------------------------------

#ifndef NOMINMAX
#ifndef max
#define max(a, b) (((a) > (b)) ? (a) : (b))
#endif
#ifndef min
#define min(a, b) (((a) < (b)) ? (a) : (b))
#endif
#endif
