// Static proof that a tile_static access names one element per work-item of a
// tile: its subscripts are constants or work-item coordinates (get_local_id(d),
// or a variable or struct member set from one and never changed, such as
// ampcl.clh's t.local_[i]) plus constants, each coordinate in one subscript only.
// Two work-items of a tile that differ in those dimensions then access different
// elements, provided every subscript lies within its dimension (a run-time test:
// t[1][16] is t[2][0]) and the tile is one work-item wide in every dimension the
// subscripts do not name (also known only at run time). A quiet store
// (quiet_reads.hpp) with such subscripts races with nothing.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include <cstdint>
#include <optional>

namespace ampcl::debug::detail {

// For t[i]..[j] of a tile_static array in function `fn`: the OpenCL dimensions its
// subscripts name (bit d: get_local_id(d)), or nothing when a subscript is not a
// constant or a coordinate plus a constant, or two name the same coordinate.
std::optional<std::uint32_t> local_id_dims(const clang::Expr* lvalue, clang::ASTContext& ctx,
                                           const clang::FunctionDecl* fn);

// The dimension d of id_builtin(d) ("get_local_id", "get_global_id") that `e`,
// evaluated in `fn`, always equals: the call, or a variable set once from it (as
// for local_id_dims), through conversions that keep the value.
std::optional<unsigned> work_item_coordinate(const clang::Expr* e, clang::ASTContext& ctx,
                                             const clang::FunctionDecl* fn, const char* id_builtin);

// Whether nothing in `fn` changes `v` (assigns it, ++/--, takes its address).
bool never_changed(const clang::VarDecl* v, const clang::FunctionDecl* fn, clang::ASTContext& ctx);

}  // namespace ampcl::debug::detail
