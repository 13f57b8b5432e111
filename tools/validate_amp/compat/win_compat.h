// Minimal stand-ins for the Windows/MSVC names that C++ AMP samples use outside
// their kernels (timers, _tmain, BOOL, __int64).  Force-included with -include by
// scripts/validate_amp.sh; nothing here touches restrict(amp) code.
#pragma once
#ifndef AMPCL_VALIDATE_WIN_COMPAT_H
#define AMPCL_VALIDATE_WIN_COMPAT_H
#include <chrono>
#include <cstdint>
#include <cstdio>
typedef long long __int64;
typedef union _LARGE_INTEGER { struct { unsigned int LowPart; int HighPart; }; long long QuadPart; } LARGE_INTEGER;
inline int QueryPerformanceFrequency(LARGE_INTEGER* f) { f->QuadPart = 1000000000LL; return 1; }
inline int QueryPerformanceCounter(LARGE_INTEGER* c) {
  c->QuadPart = std::chrono::duration_cast<std::chrono::nanoseconds>(
      std::chrono::steady_clock::now().time_since_epoch()).count();
  return 1;
}
inline unsigned long GetTickCount() {
  return (unsigned long)std::chrono::duration_cast<std::chrono::milliseconds>(
      std::chrono::steady_clock::now().time_since_epoch()).count();
}
typedef unsigned long DWORD;
#include <pthread.h>
inline DWORD GetCurrentThreadId() { return (DWORD)(unsigned long)pthread_self(); }
typedef char _TCHAR;
typedef int BOOL;
#define TRUE 1
#define FALSE 0
#define _tmain main
#define _T(x) x
// MSVC's standard headers reach <climits> and <cmath> from <iostream> (through
// <xlocnum>); the samples use UINT_MAX and log() with no include of their own.
#include <climits>
#include <cmath>
#endif
