// HCC's leniencies, as code written for it relies on them (ampcl-c++ --hcc). HCC
// accepted, where C++ AMP and Visual C++ do not:
//   - calls from restrict(amp) code to functions written without a restriction
//     (it inferred restrict(amp) for them): each such callee in the user's code
//     gets `restrict(cpu, amp)`, and its own callees in turn, one reading at a
//     time;
//   - a declaration without the restriction its definition has (a header's
//     prototype): the declaration gets the definition's;
//   - namespace-scope variables (and static members) read in kernels: one with an
//     initializer that nothing assigns is a constant of the kernel's program, its
//     value the initializer's (one the program writes stays an error); a static
//     local holding a lambda that captures nothing is a plain local;
//   - restrict(auto) and restrict(cpu, auto): amp added when amp code calls the
//     function (its body then checked as amp code), written in place of `auto`;
//   - a kernel lambda capturing an array_view by reference (`[&]`, `[&v]`): HCC
//     captured views by value whatever the capture said, and so does the edit
//     (`[&, v]`, `[v]`); arrays and textures stay by reference;
//   - host-only things (std::cout, exit) in a restrict(amp) function no kernel
//     reaches, which HCC never compiled for the device: Clang's CUDA mode reports
//     them at once in a restrict(amp) function (it defers them only in inline
//     restrict(cpu, amp) ones), so the function is read without its body. It is
//     dead code: only amp code may call it, and no kernel does.
// Edits go where the declarations are written, so that both passes read them.
#pragma once

#include <clang/Basic/SourceLocation.h>

#include <set>
#include <string>
#include <vector>

#include "leniency.hpp"
#include "source_edits.hpp"

namespace ampcl::translate {

class hcc_leniencies : public leniency {
 public:
  explicit hcc_leniencies(source_edits& edits) : edits_(edits) {}
  void see(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;
  void resolve(clang::ASTContext& ctx) override;

 private:
  // An error of the reading, and what the leniencies take from it.
  struct error {
    clang::SourceLocation at;
    bool restriction = false;  // a restrict(cpu) function or variable used in amp code
    bool in_call = false;      // no viable function for a call
    const clang::NamedDecl* host_ref = nullptr;     // the restrict(cpu) one it names
    std::vector<clang::SourceLocation> candidates;  // host-only candidates of a device call
  };
  void see_note(const clang::Diagnostic& info);
  std::vector<clang::SourceRange> drop_unreached_amp_bodies(
      clang::ASTContext& ctx, const std::set<const clang::FunctionDecl*>& reached);
  bool replace_body(clang::SourceRange body);
  void take_errors(clang::ASTContext& ctx, const std::vector<clang::SourceRange>& dropped);
  void restrict_function(const clang::FunctionDecl* fn, const char* restriction);
  void make_constant(const clang::VarDecl* v, clang::ASTContext& ctx);
  void make_local(const clang::VarDecl* v);
  void capture_views_by_value(clang::ASTContext& ctx);
  void infer_auto(clang::ASTContext& ctx);
  void write_auto(const clang::FunctionDecl* fn, const char* restriction);

  source_edits& edits_;
  const clang::SourceManager* sm_ = nullptr;
  const clang::LangOptions* lang_ = nullptr;
  std::vector<error> errors_;
  bool in_error_ = false;  // the last diagnostic but notes is errors_.back()
  std::vector<const clang::FunctionDecl*> callees_;
  std::vector<const clang::VarDecl*> variables_;
  // A declaration that has no restriction, and the one its redeclaration has.
  std::vector<std::pair<const clang::FunctionDecl*, const char*>> merges_;
};

}  // namespace ampcl::translate
