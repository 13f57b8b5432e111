// Preprocessing with a token-level source map: the rewriter works on preprocessed
// text (so macros such as AV2(...) are real subscripts) and every token of that text
// remembers where it came from in the user's files.
#pragma once

#include <string>
#include <vector>

namespace clang {
class DiagnosticOptions;
}

namespace ampcl::debug::detail {

struct origin {
  unsigned offset = 0;  // byte offset of the token in the preprocessed text
  unsigned file = 0;    // index into preprocessed::files
  int line = 0;
  int column = 0;
};

struct preprocessed {
  bool ok = false;
  std::string text;
  std::string diagnostics;
  std::vector<std::string> files;
  std::vector<origin> origins;  // sorted by offset
  std::string standard;         // "-cl-std=..." the program is built with: the parse's too

  // The origin of the token at or before `offset`.
  const origin* at(unsigned offset) const;
};

// Arguments shared by the preprocessing and parsing steps (-x cl, -cl-std, target,
// Clang's resource directory). Throws std::runtime_error, saying where it looked and
// what to do, when no resource directory has Clang's headers.
// `standard` is a -cl-std=... option, OpenCL C 1.2 when empty.
std::vector<std::string> base_cc1_args(const std::string& standard = "");
// The last -cl-std=... of an OpenCL build-options string, "" when none.
std::string requested_standard(const std::string& build_options);
// -D/-U/-I options from an OpenCL build-options string.
std::vector<std::string> preprocessor_args(const std::string& build_options);

// Diagnostics that honour #line markers, so they name the user's file and line.
clang::DiagnosticOptions* presumed_locations();

preprocessed preprocess(const std::string& source, const std::string& source_name,
                        const std::string& build_options);

}  // namespace ampcl::debug::detail
