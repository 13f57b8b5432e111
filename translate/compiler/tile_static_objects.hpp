// tile_static objects of class type, as Visual C++ compiles them: no constructor
// or destructor runs (tile_static memory is never initialized; every thread of a
// tile would run it otherwise). Clang's CUDA mode refuses a __shared__ variable
// whose constructor does anything, so such a declaration is read as storage that
// constructs nothing and a reference to the object in it:
//
//   tile_static pair buf[64];
//   ->  typedef pair T[64]; union U { T value; U() {} ~U() {} };
//       tile_static U s; T& buf = s.value;
//
// (one line, the names kept out of the user's way), in every dialect. A type that
// is or holds a view, texture or sampler is left alone: that stays an error.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "leniency.hpp"
#include "source_edits.hpp"

namespace ampcl::translate {

class tile_static_objects : public leniency {
 public:
  tile_static_objects(source_edits& edits, std::vector<std::string> trusted_dirs)
      : edits_(edits), trusted_dirs_(std::move(trusted_dirs)) {}
  void see(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;
  void resolve(clang::ASTContext& ctx) override;

 private:
  source_edits& edits_;
  std::vector<std::string> trusted_dirs_;  // ampcl's C++ AMP headers, to tell their containers
  std::vector<clang::SourceLocation> refused_;  // the variables Clang refused
};

}  // namespace ampcl::translate
