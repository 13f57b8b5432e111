// The C++ AMP language extensions as ampcl-c++ compiles them. ampcl-c++ puts
// this file in front of every source (-include), for both of its passes:
//
//   the translation pass  Clang in CUDA device mode (-fcuda-is-device, syntax only),
//                         __AMPCL_TRANSLATE__ defined; restrict(amp) code is read
//                         from its AST and written out as OpenCL C;
//   the host pass         Clang in CUDA host mode, which compiles the object file;
//                         restrict(amp)-only functions are parsed but not emitted.
//
// restrict(amp) is CUDA's __device__, restrict(cpu) its __host__: Clang's CUDA
// mode already has C++ AMP's rules for them (overloading on the restriction, a
// restrict(amp) function cannot call a restrict(cpu) one), so the front end is
// Clang's own, unmodified. tile_static is CUDA's __shared__ for the same reason
// (per-tile storage, no initializer, allowed in any restrict(amp) function).
#pragma once

#if defined(__has_include) && __has_include(<strings.h>)
// glibc's <strings.h> (pulled in by <string.h> and <cstring>) declares the BSD
// function ::index(const char*, int); with `using namespace concurrency;` at global
// scope a bare `index<1>` is then ambiguous. Windows has no such function, so C++
// AMP code says `index<1>` everywhere: here glibc declares it under another name
// (its asm label keeps the symbol), before any source can include it (ampcl-c++
// reads this file first; another compiler, where <amp.h> comes before <cstring>).
#define index __ampcl_glibc_bsd_index
#include <strings.h>
#undef index
#endif

#if defined(__CUDA__)
// `restrict` is a contextual keyword, which a macro cannot be: ampcl-c++ reads
// every source through a rewrite (translate/compiler/restrictions.hpp) that turns
// each restriction specifier into _Amp_rst(...) and leaves other `restrict`s
// alone. Without it (a plain Clang in CUDA mode), `restrict` is the macro below.
#define __AMPCL_R_amp __attribute__((device))
#define __AMPCL_R_direct3d __attribute__((device))
#define __AMPCL_R_cpu __attribute__((host))
#if defined(__AMPCL_HCC_LENIENCIES__)
// HCC's restrict(auto) (ampcl-c++ --hcc): the restriction inferred from the body;
// the translator writes the result in place of `auto` (hcc_leniencies.hpp).
#define __AMPCL_R_auto __attribute__((annotate("ampcl_restrict_auto")))
#else
// (One string: _Pragma takes no concatenation.)
#define __AMPCL_R_auto \
  _Pragma("GCC error \"restrict(auto) is HCC's extension (the restriction inferred from the body), not C++ AMP: write restrict(cpu), restrict(amp) or restrict(cpu, amp), or compile with --hcc\"")
#endif
// HCC's other spellings, which only --hcc takes: the rewrite writes each, outside
// --hcc, as one of these markers (restrictions.hpp), so that the error names the switch.
#define _Amp_rse \
  _Pragma("GCC error \"an empty entry in a restriction list (restrict(amp,), restrict(,)) is HCC's leniency, not C++ AMP: drop it, or compile with --hcc\"")
#define _Amp_rsq \
  _Pragma("GCC error \"a bare 'restrict' after a function's parameter list (C's restrict qualifier, as HCC read it) is not C++ AMP: drop it, or compile with --hcc\"")
#define _Amp_rsa \
  _Pragma("GCC error \"__attribute__((amp)) and __attribute__((hc)) (__attribute__((cpu))) are HCC's spellings of restrict(amp) (restrict(cpu)), not C++ AMP: write the restriction specifier, or compile with --hcc\"")
#define __AMPCL_R_CAT(a, b) a##b
#define __AMPCL_R_1(a) __AMPCL_R_CAT(__AMPCL_R_, a)
#define __AMPCL_R_2(a, b) __AMPCL_R_1(a) __AMPCL_R_1(b)
#define __AMPCL_R_3(a, b, c) __AMPCL_R_1(a) __AMPCL_R_1(b) __AMPCL_R_1(c)
#define __AMPCL_R_4(a, b, c, d) __AMPCL_R_1(a) __AMPCL_R_1(b) __AMPCL_R_1(c) __AMPCL_R_1(d)
#define __AMPCL_R_PICK(_1, _2, _3, _4, name, ...) name
#ifndef __AMPCL_RESTRICTION_PRESCAN__
// (Left undefined while ampcl-c++ expands the macros around a specifier that a
// macro wrote, restrictions.hpp, so that the expansion still shows it.)
#define _Amp_rst(...) \
  __AMPCL_R_PICK(__VA_ARGS__, __AMPCL_R_4, __AMPCL_R_3, __AMPCL_R_2, __AMPCL_R_1, )(__VA_ARGS__)
#endif
#ifndef __AMPCL_RESTRICT_REWRITTEN__
#define restrict(...) _Amp_rst(__VA_ARGS__)
#endif
// The rewrite writes each decltype of a restrict(amp) function's trailing return
// type as _Amp_dty: between the two markers, ampcl-c++ reads it in restrict(amp)
// context (translate/compiler/restriction_context.hpp).
#define _Amp_dty(...) __AMPCL_AMP_CONTEXT_BEGIN decltype(__VA_ARGS__) __AMPCL_AMP_CONTEXT_END
#define __AMPCL_AMP_CONTEXT_BEGIN
#define __AMPCL_AMP_CONTEXT_END

#define tile_static __attribute__((shared))
#else
// Any other C++ compiler (ampcl's own runtime, which includes the headers for
// their host side only): no restriction specifiers. restrict(...) and tile_static
// themselves are in restrict_macros.h, which ampcl's API headers take back.
#define _Amp_rst(...)
#define _Amp_dty(...) decltype(__VA_ARGS__)
#endif
#include <ampcl/concurrency/restrict_macros.h>

// Annotations the translator reads (docs/translator.md, "What the headers tell
// the translator"). They change nothing in the host pass.
//
#if defined(__CUDA__)
// A function the translator does not translate but replaces, at each call, by an
// OpenCL C expression: $0..$9 are the arguments, already converted to the
// parameter types. Example: float sqrt(float) restrict(amp) __AMPCL_BUILTIN("sqrt($0)").
#define __AMPCL_BUILTIN(pattern) __attribute__((annotate("ampcl_builtin:" pattern)))
// A function template whose instantiations are kernels: each parameter becomes
// kernel parameters (its fields flattened), the body runs in every work-item.
#define __AMPCL_KERNEL_ENTRY __attribute__((annotate("ampcl_kernel_entry")))
// A pointer field that points to __global memory (an array_view's data).
#define __AMPCL_GLOBAL_PTR __attribute__((annotate("ampcl_global")))
// A field with no meaning on the device (a host handle): the device struct keeps
// its bytes, so layouts agree, but no code touches them.
#define __AMPCL_HOST_ONLY __attribute__((annotate("ampcl_host_only")))
// The handle of an array or array_view (a core_handle): a launch binds the buffer
// it refers to.
#define __AMPCL_VIEW_CORE __attribute__((annotate("ampcl_view_core")))
#else
#define __AMPCL_BUILTIN(pattern)
#define __AMPCL_KERNEL_ENTRY
#define __AMPCL_GLOBAL_PTR
#define __AMPCL_HOST_ONLY
#define __AMPCL_VIEW_CORE
#endif

// C++ AMP's properties (v.x, av.extent, acc.description): Visual C++'s
// __declspec(property), which ampcl-c++ turns on (-fdeclspec). Another compiler
// reading the headers for their host side (GCC) has no properties: there a
// property's declaration declares a member type of its name instead, which takes
// no storage and shadows the same names (the layout and name lookup agree), and
// the program calls the accessor (get_extent(), get_x()) instead.
//   __AMPCL_PROPERTY(get = get_x, put = set_x) float x;
// A property named as its own type (sampler's filter_mode) is declared whole, since
// a member type of that name would change the meaning of the type's name:
//   __AMPCL_PROPERTY_NAMED(filter_mode, filter_mode, get = get_filter_mode);
#if defined(__CUDA__) || defined(_MSC_VER)
#define __AMPCL_PROPERTY(...) __declspec(property(__VA_ARGS__))
#define __AMPCL_PROPERTY_NAMED(type, name, ...) __declspec(property(__VA_ARGS__)) type name
#else
#define __AMPCL_PROPERTY(...) typedef
#define __AMPCL_PROPERTY_NAMED(type, name, ...) static_assert(true, "a property: " #name)
#endif

// Declarations for ampcl-c++'s passes only: the restrict(amp) overloads whose
// restrict(cpu) twins have the same signature, and the device builtins, which a
// compiler without restriction specifiers (all its code is host code) must not
// see twice.
#if defined(__CUDA__)
#define __AMPCL_DEVICE_ONLY 1
#else
#define __AMPCL_DEVICE_ONLY 0
#endif

#if defined(__CUDA__)
// Visual C++ binds a temporary of class type to a non-const lvalue reference;
// ampcl-c++'s Visual C++ dialect passes such an argument through this, an lvalue
// naming the temporary until the end of the full expression, as there
// (translate/compiler/temporary_bindings.hpp). Not for other code to call.
template <class T>
inline T& __ampcl_lvalue(T& value) __attribute__((host, device)) {
  return value;
}
template <class T>
inline T& __ampcl_lvalue(T&& value) __attribute__((host, device)) {
  static_assert(__is_class(T) || __is_union(T),
                "Visual C++ binds only a temporary of class type to a non-const reference: "
                "store the value in a variable and pass the variable");
  return value;
}
#endif

// HCC's leniency (ampcl-c++ --hcc): a namespace-scope variable a kernel reads, which
// nothing writes, is a constant of the kernel's program; the host keeps its own
// (translate/compiler/hcc_leniencies.hpp). Not for other code to use.
#if defined(__AMPCL_TRANSLATE__)
#define __AMPCL_HCC_GLOBAL __attribute__((constant))
#else
#define __AMPCL_HCC_GLOBAL
#endif
