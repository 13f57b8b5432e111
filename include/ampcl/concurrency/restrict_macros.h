// restrict(...) and tile_static for a compiler other than ampcl-c++ (whose own are
// in restrict.h): C++ AMP's words, which mean nothing to a host compiler.
//
// No include guard, on purpose. ampcl's API headers read C++ AMP's classes between
// <ampcl/detail/cpp_amp_begin.h> and <ampcl/detail/cpp_amp_end.h>, which take these
// two macros back, so that a program written against ampcl's API keeps the names
// `restrict` and `tile_static` for itself. <amp.h> and the other standard headers
// include this file again: C++ AMP code has them wherever it includes those.
#if !defined(__CUDA__)
#ifndef restrict
#define restrict(...)
#endif
#ifndef tile_static
#define tile_static
#endif
#endif
