// <intrin.h> in Visual C++'s dialect. Clang's header is Visual C++'s, written for Windows,
// where long is 32 bits. In this dialect Visual C++'s intrinsics are Clang builtins typed for
// x86-64 Linux (a 32-bit argument int, a 64-bit one long), and the header's own declarations
// of the names below conflict with them ("conflicting types for '_BitScanForward'"). Those
// declarations are read under other names, so the builtins stay as Clang typed them; the
// header's other intrinsics are used as they are.
#pragma once

#define _BitScanForward __ampcl_windows_typed_BitScanForward
#define _BitScanForward64 __ampcl_windows_typed_BitScanForward64
#define _BitScanReverse __ampcl_windows_typed_BitScanReverse
#define _BitScanReverse64 __ampcl_windows_typed_BitScanReverse64
#define _InterlockedAnd64 __ampcl_windows_typed_InterlockedAnd64
#define _InterlockedDecrement64 __ampcl_windows_typed_InterlockedDecrement64
#define _InterlockedExchange64 __ampcl_windows_typed_InterlockedExchange64
#define _InterlockedExchangeAdd64 __ampcl_windows_typed_InterlockedExchangeAdd64
#define _InterlockedExchangeSub64 __ampcl_windows_typed_InterlockedExchangeSub64
#define _InterlockedIncrement64 __ampcl_windows_typed_InterlockedIncrement64
#define _InterlockedOr64 __ampcl_windows_typed_InterlockedOr64
#define _InterlockedXor64 __ampcl_windows_typed_InterlockedXor64
#define __readgsbyte __ampcl_windows_typed__readgsbyte
#define __readgsdword __ampcl_windows_typed__readgsdword
#define __readgsqword __ampcl_windows_typed__readgsqword
#define __readgsword __ampcl_windows_typed__readgsword
#define _bittest __ampcl_windows_typed_bittest
#define _bittest64 __ampcl_windows_typed_bittest64
#define _bittestandcomplement __ampcl_windows_typed_bittestandcomplement
#define _bittestandcomplement64 __ampcl_windows_typed_bittestandcomplement64
#define _bittestandreset __ampcl_windows_typed_bittestandreset
#define _bittestandreset64 __ampcl_windows_typed_bittestandreset64
#define _bittestandset __ampcl_windows_typed_bittestandset
#define _bittestandset64 __ampcl_windows_typed_bittestandset64
#define _interlockedbittestandreset __ampcl_windows_typed_interlockedbittestandreset
#define _interlockedbittestandreset64 __ampcl_windows_typed_interlockedbittestandreset64
#define _interlockedbittestandset __ampcl_windows_typed_interlockedbittestandset
#define _interlockedbittestandset64 __ampcl_windows_typed_interlockedbittestandset64
#include_next <intrin.h>
#undef _BitScanForward
#undef _BitScanForward64
#undef _BitScanReverse
#undef _BitScanReverse64
#undef _InterlockedAnd64
#undef _InterlockedDecrement64
#undef _InterlockedExchange64
#undef _InterlockedExchangeAdd64
#undef _InterlockedExchangeSub64
#undef _InterlockedIncrement64
#undef _InterlockedOr64
#undef _InterlockedXor64
#undef __readgsbyte
#undef __readgsdword
#undef __readgsqword
#undef __readgsword
#undef _bittest
#undef _bittest64
#undef _bittestandcomplement
#undef _bittestandcomplement64
#undef _bittestandreset
#undef _bittestandreset64
#undef _bittestandset
#undef _bittestandset64
#undef _interlockedbittestandreset
#undef _interlockedbittestandreset64
#undef _interlockedbittestandset
#undef _interlockedbittestandset64

// The builtins' own types (DWORD is unsigned int here), declared so that a call is not
// told "implicitly declaring library function".
#ifdef __cplusplus
extern "C" {
#endif
unsigned char _BitScanForward(unsigned int* index, unsigned int mask);
unsigned char _BitScanReverse(unsigned int* index, unsigned int mask);
unsigned char _BitScanForward64(unsigned int* index, unsigned long long mask);
unsigned char _BitScanReverse64(unsigned int* index, unsigned long long mask);
#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
// Visual C++'s __int64 is long long here, as on Windows; the builtins take long (x86-64
// Linux's int64_t). These overloads let Windows code pass its __int64 counters.
#define AMPCL_INT64_PTR(p) reinterpret_cast<long volatile*>(p)
inline long long _InterlockedIncrement64(long long volatile* p) {
  return _InterlockedIncrement64(AMPCL_INT64_PTR(p));
}
inline long long _InterlockedDecrement64(long long volatile* p) {
  return _InterlockedDecrement64(AMPCL_INT64_PTR(p));
}
inline long long _InterlockedAnd64(long long volatile* p, long long v) {
  return _InterlockedAnd64(AMPCL_INT64_PTR(p), v);
}
inline long long _InterlockedOr64(long long volatile* p, long long v) {
  return _InterlockedOr64(AMPCL_INT64_PTR(p), v);
}
inline long long _InterlockedXor64(long long volatile* p, long long v) {
  return _InterlockedXor64(AMPCL_INT64_PTR(p), v);
}
inline long long _InterlockedExchange64(long long volatile* p, long long v) {
  return _InterlockedExchange64(AMPCL_INT64_PTR(p), v);
}
inline long long _InterlockedExchangeAdd64(long long volatile* p, long long v) {
  return _InterlockedExchangeAdd64(AMPCL_INT64_PTR(p), v);
}
#undef AMPCL_INT64_PTR
#endif
