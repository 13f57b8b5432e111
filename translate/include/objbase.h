// <objbase.h>: COM's base API, Windows only. Including it is an error with what to do
// (docs/companion_headers.md); the error's include trace names the
// program's #include line.
#pragma once
#error "<objbase.h> is COM's base API, which does not exist on Linux: Linux has no COM: remove this #include and the code that uses it, or keep both under #ifdef _WIN32 (C++ AMP itself needs no COM pointer)"
