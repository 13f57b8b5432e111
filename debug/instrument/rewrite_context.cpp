#include "rewrite_context.hpp"

#include <clang/AST/Attr.h>
#include <clang/Lex/Lexer.h>

#include <algorithm>

#include "quiet_reads.hpp"

namespace ampcl::debug::detail {

using namespace clang;

namespace {

PrintingPolicy type_printing(const ASTContext& ctx) {
  PrintingPolicy p(ctx.getLangOpts());
  p.SuppressTagKeyword = false;  // "struct point*": the cast must name the tag
  return p;
}

}  // namespace

rewrite_context::rewrite_context(ASTContext& ctx, Rewriter& rw, const rewrite_plan& plan,
                                 const preprocessed& pp, instrument_result& result)
    : ctx_(ctx),
      sm_(ctx.getSourceManager()),
      rw_(rw),
      plan_(plan),
      pp_(pp),
      result_(result),
      policy_(type_printing(ctx)),
      quiet_(find_quiet_accesses(ctx, plan)) {}

SourceLocation rewrite_context::end_of(const Expr* e) const {
  return Lexer::getLocForEndOfToken(loc(e->getEndLoc()), 0, sm_, ctx_.getLangOpts());
}

std::string rewrite_context::text_of(const Expr* e) const {
  return Lexer::getSourceText(
             CharSourceRange::getTokenRange(loc(e->getBeginLoc()), loc(e->getEndLoc())), sm_,
             ctx_.getLangOpts())
      .str();
}

std::uint32_t rewrite_context::add_site(SourceLocation l, const std::string& variable,
                                        access_kind kind, memory_space where, const Decl* base) {
  if (where == memory_space::global && kind != access_kind::read) {
    const int obj = base && in_kernel() ? object_index_of(base, space::global) : -1;
    if (obj >= 0)
      kernels_[fn_].written.insert(obj);
    else
      unknown_global_store_ = true;
  }
  if (where == memory_space::global && (in_kernel() || plan_.reached.count(fn_)))
    ++result_.checked_global_sites;
  site_info s;
  s.id = static_cast<std::uint32_t>(result_.sites.size() + 1);
  const unsigned off = sm_.getFileOffset(loc(l));
  if (const origin* o = pp_.at(off)) {
    s.file = pp_.files[o->file];
    s.line = o->line;
    s.column = o->column;
  } else {
    PresumedLoc p = sm_.getPresumedLoc(loc(l));
    if (p.isValid()) s.file = p.getFilename(), s.line = p.getLine(), s.column = p.getColumn();
  }
  s.variable = variable;
  s.kind = kind;
  s.space = where;
  result_.sites.push_back(s);
  return s.id;
}

void rewrite_context::mark_never_written_globals() {
  // An access left uninstrumented (a warning) may be a store nothing saw.
  const bool any_store = unknown_global_store_ || !result_.warnings.empty();
  for (auto& [kernel, objects] : kernels_)
    for (std::size_t i = 0; i < objects.globals.size(); ++i)
      objects.globals[i].never_written = !any_store && !objects.written.count(static_cast<int>(i));
}

const unshadowed_buffers& rewrite_context::unshadowed_of(const FunctionDecl* k) {
  auto it = unshadowed_.find(k);
  if (it == unshadowed_.end()) it = unshadowed_.emplace(k, find_unshadowed_buffers(k, ctx_)).first;
  return it->second;
}

// The kernel parameter P of an lvalue P[i] in a kernel, or null.
const ParmVarDecl* rewrite_context::kernel_buffer(const Expr* lvalue) const {
  const auto* as = dyn_cast<ArraySubscriptExpr>(lvalue->IgnoreParens());
  if (!fn_ || !as || !fn_->hasAttr<OpenCLKernelAttr>()) return nullptr;
  const auto* ref = dyn_cast<DeclRefExpr>(as->getBase()->IgnoreParenImpCasts());
  return ref ? dyn_cast<ParmVarDecl>(ref->getDecl()) : nullptr;
}

const owned_form* rewrite_context::owned_access(const Expr* lvalue) {
  const ParmVarDecl* p = kernel_buffer(lvalue);
  if (!p) return nullptr;
  const auto& owned = unshadowed_of(fn_).owned;
  const auto b = owned.find(p);
  if (b == owned.end()) return nullptr;
  const auto f = b->second.accesses.find(cast<ArraySubscriptExpr>(lvalue->IgnoreParens()));
  return f == b->second.accesses.end() ? nullptr : &f->second;
}

bool rewrite_context::read_only_access(const Expr* lvalue) {
  const ParmVarDecl* p = kernel_buffer(lvalue);
  return p && unshadowed_of(fn_).read_only.count(p);
}

void rewrite_context::mark_unshadowed_globals() {
  for (auto& [kernel, objects] : kernels_) {
    const unshadowed_buffers& u = unshadowed_of(kernel);
    for (global_object& g : objects.globals) {
      if (g.param_index < 0 || static_cast<unsigned>(g.param_index) >= kernel->getNumParams())
        continue;
      const ParmVarDecl* p = kernel->getParamDecl(static_cast<unsigned>(g.param_index));
      const auto b = u.owned.find(p);
      g.owned_dims = b == u.owned.end() ? 0 : b->second.dims;
      g.read_only_subscripts = u.read_only.count(p) != 0;
    }
  }
}

std::uint32_t rewrite_context::global_slots() const {
  std::size_t most = 1;
  for (const auto& [kernel, objects] : kernels_) most = std::max(most, objects.globals.size());
  return static_cast<std::uint32_t>(most);
}

void rewrite_context::wrap(const Expr* e, const std::string& prefix, const std::string& suffix) {
  rw_.InsertTextAfter(loc(e->getBeginLoc()), prefix);
  rw_.InsertTextBefore(end_of(e), suffix);
}

void rewrite_context::insert_before(SourceLocation l, const std::string& text) {
  rw_.InsertTextBefore(loc(l), text);
}

void rewrite_context::insert_after(SourceLocation l, const std::string& text) {
  rw_.InsertTextAfter(loc(l), text);
}

void rewrite_context::replace(SourceLocation l, unsigned length, const std::string& text) {
  rw_.ReplaceText(loc(l), length, text);
}

bool rewrite_context::first_visit(const Expr* e) {
  const unsigned b = sm_.getFileOffset(loc(e->getBeginLoc()));
  const unsigned en = sm_.getFileOffset(loc(e->getEndLoc()));
  return seen_.insert({b, en}).second;
}

void rewrite_context::add_object(const Decl* d, space s, int index) {
  (s == space::local ? local_index_ : global_index_)[d] = index;
}

int rewrite_context::object_index(const DeclRefExpr* base, space s) const {
  if (!base || !in_kernel()) return -1;
  return object_index_of(base->getDecl(), s);
}

int rewrite_context::object_index_of(const Decl* d, space s) const {
  const auto& index = s == space::local ? local_index_ : global_index_;
  auto it = index.find(d);
  return it == index.end() ? -1 : it->second;
}

void rewrite_context::narrow_granule(space s, int obj, QualType accessed) {
  if (accessed->isArrayType()) return;
  const std::uint32_t g = scalar_granule(ctx_, accessed);
  auto narrow = [g](std::uint32_t& granule) { granule = std::min(granule, g); };
  // An object of the kernel being rewritten, or (obj < 0) any object of any kernel.
  for (auto& [kernel, objects] : kernels_) {
    if (obj >= 0 && kernel != fn_) continue;
    if (s == space::local) {
      for (std::size_t i = 0; i < objects.tile_static.size(); ++i)
        if (obj < 0 || static_cast<std::size_t>(obj) == i) narrow(objects.tile_static[i].granule);
    } else if (s == space::global) {
      for (std::size_t i = 0; i < objects.globals.size(); ++i)
        if (obj < 0 || static_cast<std::size_t>(obj) == i) narrow(objects.globals[i].granule);
    }
  }
}

std::uint32_t scalar_granule(ASTContext& ctx, QualType t) {
  t = ctx.getBaseElementType(t);
  if (const auto* vt = t->getAs<VectorType>()) t = vt->getElementType();
  if (t->isVoidType()) return 1;
  if (t->isRecordType()) {
    auto align = ctx.getTypeAlignInChars(t).getQuantity();
    return static_cast<std::uint32_t>(align < 4 ? align : 4);
  }
  return static_cast<std::uint32_t>(ctx.getTypeSizeInChars(t).getQuantity());
}

space rewrite_context::pointee_space(QualType pointer) {
  if (!pointer->isPointerType()) return space::none;
  const LangAS as = pointer->getPointeeType().getAddressSpace();
  if (as == LangAS::opencl_local) return space::local;
  if (as == LangAS::opencl_global) return space::global;
  return space::none;
}

}  // namespace ampcl::debug::detail
