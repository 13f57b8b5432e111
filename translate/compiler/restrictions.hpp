// C++ AMP's `restrict` is a contextual keyword: `restrict(amp)` after a function
// declarator is a restriction specifier, `restrict` anywhere else an ordinary
// name (a variable, a function, a class). A macro cannot tell the two apart, so
// both passes read every source through this rewrite: each restriction specifier
// (`restrict(` followed only by amp, cpu, direct3d or auto) becomes
// `_Amp_rst(...)`, a macro restrict.h defines, and is moved to where Clang
// accepts attributes (after `mutable` and after an exception specification,
// where C++ AMP's grammar puts it before them); each decltype of a restrict(amp)
// function's trailing return type becomes `_Amp_dty` (restriction_context.hpp).
// Other uses of `restrict` are left alone. The rewrite keeps every character
// count, so lines and columns in diagnostics are the source's own.
//
// HCC's parser took spellings C++ AMP does not have: empty entries in the list
// (restrict(amp,), restrict(,)), a bare `restrict` after a member function's
// parameter list (C's qualifier), __attribute__((amp)) / ((hc)) / ((cpu)), also
// before a lambda's introducer. With --hcc they are written as what HCC made of
// them; in the other dialects as a marker that restrict.h turns into an error
// naming --hcc.
#pragma once

#include <llvm/ADT/IntrusiveRefCntPtr.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "dialect.hpp"

namespace ampcl::translate {

// `text` with its restriction specifiers rewritten as dialect `d` reads them;
// false (and `text` untouched) when it has none.
bool rewrite_restrictions(std::string& text, dialect d);

// Sources read as given rather than from disk: path -> text.
using source_texts = std::map<std::string, std::string>;

// The real file system, with every file that holds restriction specifiers read
// through rewrite_restrictions, and the files of `expanded` read as given there.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> restriction_file_system(
    dialect d, std::shared_ptr<const source_texts> expanded = nullptr);

// A macro can write a restriction specifier (the suite's __CPU_ONLY_EXPLICIT,
// amptest's __GPU) and another what decides where it goes (an exception
// specification, mutable, a trailing return type), which the rewrite of the file
// does not see. This preprocesses the translation unit of Clang command line
// `args` (both passes use their own) with _Amp_rst left unexpanded, and returns,
// for each user source (not a system header nor under `trusted_dirs`, read once)
// with such a declaration, its text with the macro invocations of that
// declaration, from the statement's start to its end, replaced by their
// expansion (on the same line, line breaks kept after it, so lines stay the
// source's own) and rewrite_restrictions applied. Empty when no declaration needs
// it: the slower path (one more preprocessing, a declaration without its macros'
// names in diagnostics) is taken only where the plain rewrite fails.
source_texts expand_restriction_macros(const std::vector<std::string>& args,
                                       const std::vector<std::string>& trusted_dirs, dialect d);

}  // namespace ampcl::translate
