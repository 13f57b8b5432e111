// A restrict(amp) function's trailing return type is read in the function's
// restriction context, as C++ AMP's restriction applies from the declarator on:
// `auto g() restrict(amp) -> decltype(f())` names f's restrict(amp) overload.
// Clang 14 resolves the calls of a declaration's types in the enclosing context
// (namespace scope reads as restrict(cpu)), so the rewrite of restrictions.hpp
// writes each `decltype` of such a trailing return type as `_Amp_dty`, which
// restrict.h expands to `__AMPCL_AMP_CONTEXT_BEGIN decltype(...)
// __AMPCL_AMP_CONTEXT_END`; the two empty macros, as the parser reaches them, make
// Sema's current context a restrict(amp) function (a stand-in, in the enclosing
// context, so lookup and access are the declaration's) and restore it.
//
// Tokens the parser keeps for later (a member function body written in its class,
// a template's body in Visual C++'s dialect) are lexed before they are parsed: a
// lambda's trailing return type there would not see the switch, so only named
// functions' are rewritten (their declarations are parsed as they are lexed).
#pragma once

#include <clang/Frontend/CompilerInstance.h>
#include <clang/Lex/PPCallbacks.h>

#include <memory>

namespace ampcl::translate {

// Both passes install it on their preprocessor.
std::unique_ptr<clang::PPCallbacks> amp_return_type_context(clang::CompilerInstance& ci);

}  // namespace ampcl::translate
