// Cause msc-ver-without-m-x64 (front end, Visual C++ dialect): code that sees _MSC_VER assumes
// Windows, and without _M_X64/_M_AMD64 it assumes 32-bit x86, where __stdcall and __fastcall
// are calling conventions of their own. Boost.TypeTraits (is_function, which Bolt's tests
// reach) then specializes on them; on x86-64 Clang ignores both, so the specializations are
// redefinitions: "redefinition of 'is_function<Ret (Args...) __attribute__((stdcall))>'".
// clang-cl defines _M_X64 and _M_AMD64 on x64; ampcl's dialect should define them with
// _MSC_VER. This file shows Boost's construct without Boost.
// flags:
// bug: build
#include <amp.h>

template <class T> struct is_fn { static const bool value = false; };
template <class R> struct is_fn<R()> { static const bool value = true; };
#if defined(_MSC_VER) && !defined(_M_AMD64)
template <class R> struct is_fn<R __stdcall()> { static const bool value = true; };
#endif

int main() { return is_fn<int()>::value ? 0 : 1; }
