// The Windows API part of <windows.h> (its types, timers, threads, memory and debug
// output: windows.h has the list), without Visual C++'s min and max macros: what
// Visual C++'s <amp.h> brings along (its amprt.h reads <windows.h>), and what
// <windows.h> itself declares. Not for users to include.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <wchar.h>

// ---- Types (windef.h, winnt.h, basetsd.h) -----------------------------------------

typedef int BOOL;
typedef unsigned char BYTE;
typedef unsigned char BOOLEAN;
typedef unsigned short WORD;
typedef unsigned int DWORD;
typedef unsigned int UINT;
typedef int INT;
typedef int LONG;
typedef unsigned int ULONG;
typedef short SHORT;
typedef unsigned short USHORT;
typedef unsigned char UCHAR;
typedef char CHAR;
typedef wchar_t WCHAR;
typedef float FLOAT;
typedef double DOUBLE;
typedef long long LONGLONG;
typedef unsigned long long ULONGLONG;
typedef unsigned long long DWORD64;
typedef unsigned long long DWORDLONG;
typedef signed char INT8;
typedef unsigned char UINT8;
typedef short INT16;
typedef unsigned short UINT16;
typedef int INT32;
typedef unsigned int UINT32;
typedef long long INT64;
typedef unsigned long long UINT64;
typedef unsigned int DWORD32;
typedef std::intptr_t INT_PTR;
typedef std::uintptr_t UINT_PTR;
typedef std::intptr_t LONG_PTR;
typedef std::uintptr_t ULONG_PTR;
typedef std::uintptr_t DWORD_PTR;
typedef std::size_t SIZE_T;
typedef std::ptrdiff_t SSIZE_T;
typedef void* HANDLE;
typedef void* PVOID;
typedef void* LPVOID;
typedef const void* LPCVOID;
typedef BOOL* PBOOL;
typedef BOOL* LPBOOL;
typedef BYTE* PBYTE;
typedef BYTE* LPBYTE;
typedef WORD* PWORD;
typedef WORD* LPWORD;
typedef DWORD* PDWORD;
typedef DWORD* LPDWORD;
typedef LONG* PLONG;
typedef LONG* LPLONG;
typedef INT* PINT;
typedef INT* LPINT;
typedef UINT* PUINT;
typedef FLOAT* PFLOAT;
typedef CHAR* PCHAR;
typedef CHAR* LPSTR;
typedef CHAR* PSTR;
typedef const CHAR* LPCSTR;
typedef const CHAR* PCSTR;
typedef WCHAR* PWCHAR;
typedef WCHAR* LPWSTR;
typedef WCHAR* PWSTR;
typedef const WCHAR* LPCWSTR;
typedef const WCHAR* PCWSTR;
typedef HANDLE HINSTANCE;
typedef HANDLE HMODULE;
typedef HANDLE HWND;

// TCHAR and the T string types: WCHAR with UNICODE, else CHAR (<tchar.h> has _TCHAR).
#ifdef UNICODE
typedef WCHAR TCHAR;
#ifndef __TEXT
#define __TEXT(quote) L##quote
#endif
#else
typedef CHAR TCHAR;
#ifndef __TEXT
#define __TEXT(quote) quote
#endif
#endif
typedef TCHAR* LPTSTR;
typedef const TCHAR* LPCTSTR;
#ifndef TEXT
#define TEXT(quote) __TEXT(quote)
#endif

// A 64-bit integer seen whole (QuadPart) or as two 32-bit halves.
typedef union _LARGE_INTEGER {
  __extension__ struct {
    DWORD LowPart;
    LONG HighPart;
  };
  struct {
    DWORD LowPart;
    LONG HighPart;
  } u;
  LONGLONG QuadPart;
} LARGE_INTEGER, *PLARGE_INTEGER;
typedef union _ULARGE_INTEGER {
  __extension__ struct {
    DWORD LowPart;
    DWORD HighPart;
  };
  struct {
    DWORD LowPart;
    DWORD HighPart;
  } u;
  ULONGLONG QuadPart;
} ULARGE_INTEGER, *PULARGE_INTEGER;

#include <ampcl/concurrency/hresult.h>

// ---- Constants and calling conventions ---------------------------------------------

#ifndef TRUE
#define TRUE 1
#endif
#ifndef FALSE
#define FALSE 0
#endif
#ifndef INFINITE
#define INFINITE 0xFFFFFFFF
#endif
#ifndef MAX_PATH
#define MAX_PATH 260
#endif
#ifndef INVALID_HANDLE_VALUE
#define INVALID_HANDLE_VALUE ((HANDLE)(LONG_PTR)-1)
#endif
#ifndef VOID
#define VOID void
#endif
// x86-64 has one calling convention: these name it.
#define WINAPI
#define WINAPIV
#define APIENTRY
#define CALLBACK
#define STDMETHODCALLTYPE
#ifndef CONST
#define CONST const
#endif

// The commonest SAL annotations of Windows code, which say nothing to the compiler.
#ifndef _In_
#define _In_
#define _In_opt_
#define _In_z_
#define _In_reads_(n)
#define _In_reads_bytes_(n)
#define _Out_
#define _Out_opt_
#define _Out_writes_(n)
#define _Out_writes_bytes_(n)
#define _Inout_
#define _Inout_opt_
#define _Inout_updates_(n)
#define _Outptr_
#define _Outptr_opt_
#define _Ret_maybenull_
#define _Check_return_
#define _Success_(expr)
#define _Printf_format_string_
#endif

// ---- Memory (winbase.h's macros) ---------------------------------------------------

#define ZeroMemory(destination, length) std::memset((destination), 0, (length))
#define SecureZeroMemory(destination, length) std::memset((destination), 0, (length))
#define FillMemory(destination, length, fill) std::memset((destination), (fill), (length))
#define CopyMemory(destination, source, length) std::memcpy((destination), (source), (length))
#define MoveMemory(destination, source, length) std::memmove((destination), (source), (length))

// ---- Time and threads ----------------------------------------------------------------

namespace __ampcl_windows {
inline unsigned long long monotonic_ns() {
  timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<unsigned long long>(t.tv_sec) * 1000000000ull +
         static_cast<unsigned long long>(t.tv_nsec);
}
}  // namespace __ampcl_windows

// The performance counter ticks at 10 MHz (100 ns), as on Windows 10 and later:
// from CLOCK_MONOTONIC, so it never goes back.
inline BOOL QueryPerformanceFrequency(LARGE_INTEGER* frequency) {
  if (!frequency) return FALSE;
  frequency->QuadPart = 10000000;
  return TRUE;
}
inline BOOL QueryPerformanceCounter(LARGE_INTEGER* count) {
  if (!count) return FALSE;
  count->QuadPart = static_cast<LONGLONG>(__ampcl_windows::monotonic_ns() / 100);
  return TRUE;
}
// Milliseconds since an arbitrary start (the system's boot, CLOCK_MONOTONIC); the
// 32-bit one wraps after 49.7 days, as on Windows.
inline ULONGLONG GetTickCount64() {
  return __ampcl_windows::monotonic_ns() / 1000000;
}
inline DWORD GetTickCount() {
  return static_cast<DWORD>(GetTickCount64());
}
inline void Sleep(DWORD milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
}
// The thread's and the process's Linux ids.
inline DWORD GetCurrentThreadId() {
  return static_cast<DWORD>(gettid());
}
inline DWORD GetCurrentProcessId() {
  return static_cast<DWORD>(getpid());
}

// ---- Debug output ----------------------------------------------------------------------

// Linux has no debugger channel: the text goes to standard error.
inline void OutputDebugStringA(LPCSTR text) {
  if (text) std::fputs(text, stderr);
}
inline void OutputDebugStringW(LPCWSTR text) {
  if (text) std::fprintf(stderr, "%ls", text);
}
#ifdef UNICODE
#define OutputDebugString OutputDebugStringW
#else
#define OutputDebugString OutputDebugStringA
#endif
