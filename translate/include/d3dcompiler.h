// <d3dcompiler.h>: the Direct3D shader compiler, Windows only. Including it is an error with what to do
// (docs/companion_headers.md); the error's include trace names the
// program's #include line. AMPCL_ALLOW_WINDOWS_ONLY_HEADERS makes it empty, for
// code that includes it without using it.
#pragma once
#ifndef AMPCL_ALLOW_WINDOWS_ONLY_HEADERS
#error "<d3dcompiler.h> is the Direct3D shader compiler, which does not exist on Linux: ampcl runs C++ AMP on OpenCL devices, with no Direct3D: remove this #include and the code that uses it, or keep both under #ifdef _WIN32 (Direct3D interop through concurrency::direct3d is an error at its call, with what to do instead); a program that includes it without using it compiles with -DAMPCL_ALLOW_WINDOWS_ONLY_HEADERS"
#endif
