// <xsaveintrin.h> in Visual C++'s dialect (immintrin.h includes it). Under _MSC_VER Clang's
// header declares _xgetbv and _xsetbv with __int64 (long long), as on Windows, and on x86-64
// Linux that conflicts with the builtins' own type (long). Read without _MSC_VER, they are
// the builtins' macros, as in any Linux program.
#pragma push_macro("_MSC_VER")
#undef _MSC_VER
#include_next <xsaveintrin.h>
#pragma pop_macro("_MSC_VER")
