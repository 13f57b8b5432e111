// The files a kernel source #includes, directly or through each other, found the
// way OpenCL C compilers find them, so that the disk cache's key covers them: a
// kernel whose header changed gets a new entry instead of a stale binary.
//
// "name" is looked up in the including file's folder (not for the program's own
// source, which the driver compiles from memory), then in the build options' -I
// folders in order, then in the working directory; <name> only in the -I folders.
// Every #include line counts, also inside #if blocks the compiler will skip: the
// closure may be larger than the build's, never smaller.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ampcl::detail {

struct include_closure {
  std::vector<std::string> files;  // resolved paths, in the order first found
  std::string contents;            // each file's path and text, length-prefixed, for the key
  // Empty when every #include was followed; else why one was not ("#include
  // "hdr.h" (foo.cl line 3) is in none of ..."): such a program is not cached on disk.
  std::string unresolved;
};

// `source`: the program text (prelude pasted in, #line markers naming its files);
// `options`: the full build options, whose -I folders are searched; `prelude`:
// the text of kernels/ampcl.clh where the caller has it (the runtime): pasted in
// right after its #line marker, it #includes nothing and closes its comments
// (tests check both), so its 24 KB need no scan.
include_closure find_includes(std::string_view source, const std::string& options,
                              std::string_view prelude = {});

}  // namespace ampcl::detail
