#include <clang/AST/Attr.h>
#include <clang/AST/TypeLoc.h>
#include <clang/Lex/Lexer.h>

#include "rewrite_rules.hpp"

namespace ampcl::debug::detail {

namespace {

using namespace clang;

void insert_params(const FunctionDecl* fd, const std::string& params, rewrite_context& cx) {
  FunctionTypeLoc ftl = fd->getFunctionTypeLoc();
  if (!ftl) return;
  const SourceLocation lp = cx.loc(ftl.getLParenLoc()), rp = cx.loc(ftl.getRParenLoc());
  if (fd->getNumParams() == 0) {
    const unsigned a = cx.sources().getFileOffset(lp) + 1, b = cx.sources().getFileOffset(rp);
    cx.replace(lp.getLocWithOffset(1), b - a, params);
  } else {
    cx.insert_before(rp, ", " + params);
  }
}

// The contract's extra parameters, as the kernel declares them.
std::string extra_param_declarations() {
  std::string out;
  for (const extra_param_info& p : kExtraParams)
    out += (out.empty() ? "" : ", ") + std::string(p.declaration);
  return out;
}

std::string extra_param_names() {
  std::string out;
  for (const extra_param_info& p : kExtraParams)
    out += (out.empty() ? "" : ", ") + std::string(p.name);
  return out;
}

// One instrumented kernel's objects (rewrite_context::objects_of).
void collect_objects(const FunctionDecl* k, rewrite_context& cx) {
  kernel_objects& result = cx.objects_of(k);
  ASTContext& ctx = cx.ast();
  for (unsigned i = 0; i < k->getNumParams(); ++i) {
    const ParmVarDecl* p = k->getParamDecl(i);
    if (rewrite_context::pointee_space(p->getType()) != space::global) continue;
    const QualType pointee = p->getType()->getPointeeType();
    global_object g;
    g.name = p->getName().str();
    g.param_index = static_cast<int>(i);
    g.element_bytes =
        pointee->isVoidType()
            ? 1
            : static_cast<std::uint32_t>(ctx.getTypeSizeInChars(pointee).getQuantity());
    g.granule = scalar_granule(ctx, pointee);
    g.is_const = pointee.isConstQualified();
    for (unsigned j = 0; j < k->getNumParams(); ++j)
      if (k->getParamDecl(j)->getName() == g.name + "_view")
        g.view_param_index = static_cast<int>(j);
    cx.add_object(p, space::global, static_cast<int>(result.globals.size()));
    result.globals.push_back(g);
  }
  if (k != cx.plan().kernel) return;
  for (const ValueDecl* d : cx.plan().tile_static) {
    tile_static_object o;
    o.name = d->getName().str();
    if (const auto* p = dyn_cast<ParmVarDecl>(d)) {
      o.granule = scalar_granule(ctx, p->getType()->getPointeeType());
      o.param_index = static_cast<int>(p->getFunctionScopeIndex());
    } else {
      o.bytes = static_cast<std::uint64_t>(ctx.getTypeSizeInChars(d->getType()).getQuantity());
      o.granule = scalar_granule(ctx, d->getType());
    }
    cx.add_object(d, space::local, static_cast<int>(result.tile_static.size()));
    result.tile_static.push_back(o);
  }
}

}  // namespace

// Each instrumented kernel's __global pointer parameters and (for the plan's
// kernel) tile_static objects, in the order the host sizes their shadow
// (rewrite_plan::tile_static).
void collect_kernel_objects(rewrite_context& cx) {
  for (const FunctionDecl* k : cx.plan().instrumented) collect_objects(k, cx);
}

// The kernel takes the shadow buffers as extra parameters; a helper that needs
// the runtime takes the context (every declaration of it in the program).
void rewrite_function_entry(const FunctionDecl* fn, rewrite_context& cx) {
  if (cx.plan().instrumented.count(fn)) {
    insert_params(fn, extra_param_declarations(), cx);
    // The launch's tile shape, where the host gives it (shadow.clh says what it
    // buys). A kernel that states its own shape keeps it.
    if (!fn->hasAttr<ReqdWorkGroupSizeAttr>())
      cx.insert_before(cx.loc(fn->getLocation()), "AMPCL_RC_KERNEL_SHAPE ");
    return;
  }
  if (!cx.plan().needs_ctx.count(fn)) return;
  for (const FunctionDecl* r : fn->redecls())
    if (cx.in_main(r->getLocation())) insert_params(r, "ampcl_ctx* __ampcl_c", cx);
}

// The kernel's body starts with the runtime's state (its __local scratch, votes,
// written counts and tile_static shadow; the context; the object table) and ends
// with the work-item's exit record. Another kernel of the program keeps its
// hooks off with a null context (AMPCL_ON in shadow.clh), which its helpers get
// too: the compiler then folds its hooks to the plain accesses.
void rewrite_function_body(const FunctionDecl* fn, rewrite_context& cx) {
  const auto* body = dyn_cast<CompoundStmt>(fn->getBody());
  if (!body) return;
  const SourceLocation open = Lexer::getLocForEndOfToken(cx.loc(body->getLBracLoc()), 0,
                                                         cx.sources(), cx.ast().getLangOpts());
  if (cx.plan().instrumented.count(fn)) {
    std::string pro =
        " __local ulong __ampcl_lscratch[AMPCL_SCRATCH_ULONGS];"
        " __local uint __ampcl_vote[AMPCL_VOTE_WORDS] __attribute__((aligned(8)));"
        " __local uint __ampcl_written[AMPCL_WRITTEN_WORDS];"
        " __local ulong __ampcl_lsh[AMPCL_LSH_WORDS] __attribute__((aligned(16)));"
        " ampcl_ctx __ampcl_cv; ampcl_ctx* __ampcl_c = &__ampcl_cv;"
        " __ampcl_init(__ampcl_c, " +
        extra_param_names() +
        ", (__local uchar*)__ampcl_lscratch, __ampcl_vote, __ampcl_written, __ampcl_lsh);";
    const kernel_objects& result = cx.objects_of(fn);
    for (std::size_t g = 0; g < result.globals.size(); ++g)
      pro += " __ampcl_c->gbase[" + std::to_string(g) + "] = (__global uchar*)" +
             result.globals[g].name + ";";
    // Slots another kernel of the program uses: empty (their size is 0 in the cfg).
    for (std::size_t g = result.globals.size(); g < cx.global_slots(); ++g)
      pro += " __ampcl_c->gbase[" + std::to_string(g) + "] = 0;";
    for (std::size_t k = 0; k < result.tile_static.size(); ++k)
      if (result.tile_static[k].param_index >= 0)
        pro += " __ampcl_c->lbase[" + std::to_string(k) + "] = (__local uchar*)" +
               result.tile_static[k].name + ";";
    cx.insert_after(open, pro);
    const auto id = cx.add_site(body->getRBracLoc(), "", access_kind::exit, memory_space::none);
    cx.insert_before(body->getRBracLoc(), "__ampcl_exit(__ampcl_c, " + u(id) + "); ");
  } else if (fn->hasAttr<OpenCLKernelAttr>()) {
    cx.insert_after(open, " ampcl_ctx* const __ampcl_c = 0;");
  }
}

}  // namespace ampcl::debug::detail
