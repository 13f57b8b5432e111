// C++ AMP's `restrict` is a contextual keyword: `restrict(amp)` after a function
// declarator is a restriction specifier, `restrict` anywhere else an ordinary
// name (a variable, a function, a class). A macro cannot tell the two apart, so
// both passes read every source through this rewrite: each restriction specifier
// (`restrict(` followed only by amp, cpu, direct3d or auto) becomes
// `_Amp_rst(...)`, a macro restrict.h defines, and is moved to where Clang
// accepts attributes (after `mutable` and after an exception specification,
// where C++ AMP's grammar puts it before them). Other uses of `restrict` are
// left alone. The rewrite keeps every character count, so lines and columns in
// diagnostics are the source's own.
#pragma once

#include <llvm/ADT/IntrusiveRefCntPtr.h>
#include <llvm/Support/VirtualFileSystem.h>

#include <string>

namespace ampcl::translate {

// `text` with its restriction specifiers rewritten; false (and `text` untouched)
// when it has none.
bool rewrite_restrictions(std::string& text);

// The real file system, with every file that holds restriction specifiers read
// through rewrite_restrictions.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> restriction_file_system();

}  // namespace ampcl::translate
