// The translation pass over one C++ AMP source file.
#pragma once

#include <string>
#include <vector>

#include "dialect.hpp"
#include "translation.hpp"

namespace ampcl::translate {

struct pass_setup {
  std::string resource_dir;   // Clang's own headers (stddef.h, ...); empty if not found
  std::string resource_error; // when resource_dir is empty: where it was looked for, the fix
  std::string compat_include; // translate/include: <amp.h> and the other standard names
  std::string ampcl_include;  // ampcl's public headers
  std::vector<std::string> lib_dirs;  // libampcl and libampcl_amp
  dialect language = dialect::visual_cpp;
  bool verbose = false;  // say what is done (the edits of each reading)
};

// Where Clang's resource directory, the compatibility headers and ampcl's headers
// are for this installation (AMPCL_CLANG_RESOURCE_DIR and AMPCL_AMP_INCLUDE
// override; an installed ampcl-c++ finds them relative to itself, see
// tools/clang_resource/clang_resource.hpp).
pass_setup default_setup(const std::string& argv0);

// The Clang arguments both passes share (mode excepted): restrict.h in front, the
// compatibility headers on the include path, MSVC properties.
std::vector<std::string> common_clang_args(const pass_setup& s);

// Parses `file` in CUDA device mode with `user_args` (-I, -D, -std, ...) and
// translates every kernel. Clang's own diagnostics go to stderr as they come.
translation translate_file(const pass_setup& s, const std::string& file,
                           const std::vector<std::string>& user_args);

// The host pass: compiles `file` in CUDA host mode with the translation's kernel
// table `registry` in front, to `object` (or only checks it: empty `object`).
// `host_args` are the user's compiler flags and dependency-file options.
bool compile_host(const pass_setup& s, const std::string& file,
                  const std::vector<std::string>& host_args, const std::string& registry,
                  const std::string& object);

}  // namespace ampcl::translate
