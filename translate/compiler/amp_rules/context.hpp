// What every rule needs: where code comes from, which functions are restrict(amp)
// in C++ AMP's sense, whether a type is amp-compatible, and the error report.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>

#include <map>
#include <string>
#include <vector>

#include "translation.hpp"

namespace ampcl::translate::amp_rules {

// Where a type appears. restrict(amp) code allows pointers and references only
// as local variables, parameters and return values (`object`), not as data
// members, base classes, array elements or what another pointer points to.
enum class type_use { object, member, base, element, pointee, referee };

class amp_context {
 public:
  amp_context(clang::ASTContext& ctx, const std::vector<std::string>& trusted_dirs,
              std::vector<diagnostic>& out);

  clang::ASTContext& ctx;
  const clang::SourceManager& sm;
  // rule_options::divergent_barrier_is_error, read by the barrier rule.
  bool divergent_barrier_is_error = true;

  // One error at `loc` (its line in the user's file, past any macro).
  void report(clang::SourceLocation loc, const std::string& text);
  // One warning there: the code still compiles.
  void warn(clang::SourceLocation loc, const std::string& text);
  bool failed() const { return failed_; }

  // Code the user wrote: not in a system header nor in the compatibility headers.
  bool user_code(clang::SourceLocation loc) const;
  bool user_code(const clang::Decl* d) const { return user_code(d->getLocation()); }

  // restrict(amp) or restrict(cpu, amp) as written, or inherited: C++ AMP gives a
  // lambda or local class member function written without a specifier inside
  // amp code the restrictions of the function around it.
  bool amp_side(const clang::FunctionDecl* fn) const;
  // Whether restrict(amp) code may call `fn`: it is amp_side, a builtin, or
  // Clang inferred restrict(amp) for it (implicit and defaulted special members,
  // which follow their members' restrictions as C++ AMP's do). A lambda Clang
  // made restrict(cpu, amp) only because it has no specifier is restrict(cpu).
  bool amp_callable(const clang::FunctionDecl* fn) const;
  // restrict(amp) written on the function itself (not inherited, not inferred).
  static bool written_amp(const clang::FunctionDecl* fn);
  static bool written_cpu(const clang::FunctionDecl* fn);

  // Why a value of type `t`, used as `use`, cannot exist in restrict(amp) code: a
  // sentence that names the construct, the rule and the fix, or "" when it can.
  // Classes are followed through their bases and members ("member 'B::m'...").
  std::string type_problem(clang::QualType t, type_use use = type_use::object);

  // concurrency::array: restrict(amp) code may only refer to one.
  bool is_concurrency_array(clang::QualType t) const;
  // concurrency::graphics::texture: like an array, referred to, never copied.
  bool is_concurrency_texture(clang::QualType t) const;

  // "'int *'": a type as the user would write it, quoted.
  std::string quoted(clang::QualType t) const;
  // "'S::m'": a declaration's qualified name, quoted.
  static std::string quoted(const clang::NamedDecl* d);

 private:
  void add(clang::SourceLocation loc, const std::string& text, bool error);
  std::string record_problem(const clang::CXXRecordDecl* rd);
  bool trusted_record(const clang::RecordDecl* rd) const;

  std::vector<std::string> trusted_dirs_;
  std::vector<diagnostic>& out_;
  bool failed_ = false;
  std::map<const clang::RecordDecl*, std::string> record_problems_;
  mutable std::map<clang::FileID, bool> user_files_;
};

}  // namespace ampcl::translate::amp_rules
