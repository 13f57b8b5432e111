// Kernel source text after the prelude is pasted in.
#pragma once

#include <memory>
#include <string>
#include <vector>

namespace ampcl {

struct kernel_source {
  std::string text;         // with #line markers so diagnostics name the user's file
  std::string name;         // file path or "<string>"
  std::string include_dir;  // the file's folder, for its own #includes
  // What `text` is made of, for the disk cache's key: the prelude's digest, the
  // name and the text as given. A quarter of the bytes to hash (the prelude is
  // most of a small kernel's text), the same key for the same expansion.
  std::string key_text;
};

namespace detail {
// Replaces `#include <ampcl.clh>` (or "ampcl.clh") with the prelude, keeping
// line numbers of `name` right with #line markers.
std::string expand_prelude(const std::string& text, const std::string& name);
// A file under kernels/, embedded at build time; nullptr when there is none.
const char* embedded_kernel(const std::string& file);
// The SHA-256 of kernels/ampcl.clh, computed at build time (hex).
extern const char* const embedded_prelude_digest;
// The source object of `text` named `name`: the prelude pasted in, its key text.
std::shared_ptr<kernel_source> make_kernel_source(const std::string& text, const std::string& name,
                                                  const std::string& include_dir);
// Rewrites "<kernel>:12:" style positions in a build log (drivers that ignore
// #line file names) to "file.cl:7:".
std::string map_build_log(const std::string& log, const std::string& expanded_source);
}  // namespace detail

}  // namespace ampcl
