// One rule of the C++ AMP specification's chapter 2: a construct restrict(amp)
// code cannot use, and the sentence that says what happened and how to fix it.
// The checker (checker.cpp) walks the user's restrict(amp) code and offers each
// rule the parts it looks at; a rule overrides the hooks of its construct.
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Stmt.h>

#include <memory>
#include <vector>

#include "amp_rules.hpp"
#include "context.hpp"

namespace ampcl::translate::amp_rules {

// What the translation unit declares (template instantiations and lambdas'
// call operators included).
struct declarations {
  std::vector<const clang::FunctionDecl*> functions;
  std::vector<const clang::VarDecl*> tile_statics;
  // Variables, parameters, data members and typedefs: where a restriction
  // specifier Clang dropped may have been written.
  std::vector<const clang::DeclaratorDecl*> variables;
  std::vector<const clang::TypedefNameDecl*> typedefs;
};

class rule {
 public:
  virtual ~rule() = default;
  // The declaration of a function whose amp side is in the user's sources.
  virtual void check_function(const clang::FunctionDecl&, amp_context&) const {}
  // Each statement and expression of such a function's body (not those of the
  // lambdas and local classes inside it, which are functions of their own).
  virtual void check_stmt(const clang::Stmt&, const clang::FunctionDecl& /*in*/,
                          amp_context&) const {}
  // Each variable declared in such a body.
  virtual void check_local(const clang::VarDecl&, const clang::FunctionDecl& /*in*/,
                           amp_context&) const {}
  // Each class defined in the user's sources.
  virtual void check_class(const clang::CXXRecordDecl&, amp_context&) const {}
  // Each tile_static variable in the user's sources, in amp code or not.
  virtual void check_tile_static(const clang::VarDecl&, amp_context&) const {}
  // Where the user wrote restriction specifiers and tile_static, against the
  // declarations that took them.
  virtual void check_written(const written_specifiers&, const declarations&, amp_context&) const {}
  // After every hook above has run: for rules that look at what they collected
  // across functions (the call graph).
  virtual void finish(amp_context&) const {}
};

// A rule about one kind of statement or expression.
template <class Node>
class node_rule : public rule {
 public:
  void check_stmt(const clang::Stmt& s, const clang::FunctionDecl& in,
                  amp_context& cx) const final {
    if (const auto* node = llvm::dyn_cast<Node>(&s)) check(*node, in, cx);
  }
  virtual void check(const Node&, const clang::FunctionDecl& in, amp_context&) const = 0;
};

using rule_list = std::vector<std::unique_ptr<rule>>;

// The rules, by the specification's sections (rules/*.cpp).
void add_declarator_rules(rule_list&);   // 2.4.2 function declarators
void add_scope_rules(rule_list&);        // 2.4.3 function scopes: expressions, statements
void add_call_rules(rule_list&);         // 2.3 calling restricted functions
void add_local_rules(rule_list&);        // 2.4.3.5 local declarations
void add_tile_static_rules(rule_list&);  // 2.4.3.5.1 tile_static
void add_lambda_rules(rule_list&);       // 2.4.3.3 lambda captures
void add_class_rules(rule_list&);        // 2.2.2 constructors and destructors
void add_syntax_rules(rule_list&);       // 2.1 where restriction specifiers go
void add_barrier_rules(rule_list&);      // 8.1.1 barriers in tile-uniform control flow
void add_container_rules(rule_list&);    // 5.1, 5.2, 6 what containers hold

}  // namespace ampcl::translate::amp_rules
