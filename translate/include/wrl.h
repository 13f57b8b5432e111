// <wrl.h>: the Windows Runtime C++ Template Library (WRL), Windows only. Including it is an error with what to do
// (docs/companion_headers.md); the error's include trace names the
// program's #include line. AMPCL_ALLOW_WINDOWS_ONLY_HEADERS makes it empty, for
// code that includes it without using it.
#pragma once
#ifndef AMPCL_ALLOW_WINDOWS_ONLY_HEADERS
#error "<wrl.h> is the Windows Runtime C++ Template Library (WRL), which does not exist on Linux: Linux has no COM: remove this #include and the code that uses it, or keep both under #ifdef _WIN32 (C++ AMP itself needs no COM pointer); a program that includes it without using it compiles with -DAMPCL_ALLOW_WINDOWS_ONLY_HEADERS"
#endif
