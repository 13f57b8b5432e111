// The specification's restrictions on types (2.4.1), one table entry per
// construct. amp_context::type_problem applies them to a type and, through
// pointers, references, arrays, bases and members, to the types inside it.
#pragma once

#include <string>
#include <vector>

#include "context.hpp"

namespace ampcl::translate::amp_rules {

// A rule about one type by itself (not the types inside it).
struct type_rule {
  const char* construct;
  // The sentence that rejects `t` used as `use`, or "" when the rule allows it.
  std::string (*check)(clang::QualType t, type_use use, amp_context& cx);
};

// A rule about a class definition by itself (not its bases' and members' types).
struct class_rule {
  const char* construct;
  std::string (*check)(const clang::CXXRecordDecl& rd, amp_context& cx);
};

const std::vector<type_rule>& type_rules();
const std::vector<class_rule>& class_rules();

}  // namespace ampcl::translate::amp_rules
