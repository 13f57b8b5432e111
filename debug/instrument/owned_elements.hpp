// Buffers a kernel's accesses need no shadow for, as long as the launch keeps what
// the host checks (plan_shadow); where it does not, the host builds the program with
// AMPCL_SHADOW_ALL, which checks these accesses as any other.
//
// Read-only: the kernel names the buffer's parameter P only to read P[i]. Its reads
// race with nothing unless another argument's memory is P's or a store goes through
// a pointer the instrumenter cannot follow (global_object::never_written).
//
// Owned: every access of the kernel to a written __global buffer P has the index
//   P[Y]            mode 0
//   P[T * S + Y]    mode 1 (T anything, S a constant or a kernel parameter no one changes)
//   P[X * S + Y]    mode 2 (X a second coordinate)
//   P[Y * S + T]    mode 3 (T anything: a row each)
// with Y and X work-item coordinates (get_global_id(d), or a variable set once from
// one), each plus an origin that is the same for every work-item (constants and
// kernel parameters: get_global_id(0) + (k + 1)). Where, in a launch, only Y's
// dimension varies (mode 2: Y's and X's), no argument shares P's memory and each
// access keeps its form (0 <= Y < S in modes 1 and 2, 0 <= T < S in mode 3; the
// runtime verifies it at every access, __ampcl_gpo), different work-items touch
// different elements: P's accesses can race with nothing, so P needs no shadow, only
// bounds checks, and a kernel whose buffers are all read-only or owned builds none of
// the __global shadow code. One work-item alone also owns P where every access lies
// under `if (Y == C && ...)`, C the same for every work-item (gramschmidt's
// `if (tid == 0)`): any index, verified as Y == C.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <cstdint>
#include <map>
#include <set>
#include <string>

#include "contract.h"

namespace ampcl::debug::detail {

struct owned_form {
  unsigned mode = 0;               // 0 to 3, as above
  unsigned y = 0;                  // Y is get_global_id(y)
  unsigned x = 0;                  // mode 2: X is get_global_id(x)
  std::string stride;              // S as OpenCL C text (modes 1 to 3)
  std::string y_origin, x_origin;  // Y = get_global_id(y) + y_origin ("" for 0), X alike
  bool alone = false;              // one work-item: Y + y_origin == 0 (the guard's C folded in)

  // The runtime's `form` argument (contract.h's AMPCL_FORM_*).
  std::uint32_t code() const {
    return mode | y << AMPCL_FORM_Y_SHIFT | x << AMPCL_FORM_X_SHIFT |
           (alone ? AMPCL_FORM_ALONE : 0u);
  }
};

struct owned_buffer {
  std::uint32_t dims = 0;  // bit d: dimension d may vary in a launch
  std::map<const clang::ArraySubscriptExpr*, owned_form> accesses;
};

struct unshadowed_buffers {
  std::map<const clang::ParmVarDecl*, owned_buffer> owned;
  std::set<const clang::ParmVarDecl*> read_only;
};

unshadowed_buffers find_unshadowed_buffers(const clang::FunctionDecl* kernel,
                                           clang::ASTContext& ctx);

}  // namespace ampcl::debug::detail
