// <DirectXMath.h>: DirectXMath, Direct3D's SIMD math library, Windows only. Including it is an error with what to do
// (docs/companion_headers.md); the error's include trace names the
// program's #include line. AMPCL_ALLOW_WINDOWS_ONLY_HEADERS makes it empty, for
// code that includes it without using it.
#pragma once
#ifndef AMPCL_ALLOW_WINDOWS_ONLY_HEADERS
#error "<DirectXMath.h> is DirectXMath, Direct3D's SIMD math library, which does not exist on Linux: it is not part of ampcl: use C++ AMP's <amp_short_vectors.h> and <amp_math.h> in kernels, or a portable vector library on the host, or keep the code under #ifdef _WIN32; a program that includes it without using it compiles with -DAMPCL_ALLOW_WINDOWS_ONLY_HEADERS"
#endif
