#include "rewriter.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Lex/Lexer.h>

#include <set>

#include "quiet_reads.hpp"

namespace ampcl::debug::detail {

using namespace clang;

namespace {

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

class access_rewriter : public RecursiveASTVisitor<access_rewriter> {
 public:
  access_rewriter(ASTContext& ctx, Rewriter& rw, const rewrite_plan& plan, const preprocessed& pp,
                  instrument_result& result)
      : ctx_(ctx),
        sm_(ctx.getSourceManager()),
        rw_(rw),
        plan_(plan),
        pp_(pp),
        result_(result),
        quiet_(find_quiet_reads(ctx, plan)) {
    policy_ = PrintingPolicy(ctx.getLangOpts());
    policy_.SuppressTagKeyword = false;
  }

  void run() {
    collect_objects();
    for (const FunctionDecl* fd : plan_.user_functions) {
      fn_ = fd;
      rewrite_signature(fd);
      rewrite_votes(fd);
      TraverseStmt(fd->getBody());
      rewrite_body_edges(fd);
    }
    fn_ = nullptr;
    for (auto& [cond, barrier] : plan_.voted) {
      auto it = barrier_sites_.find(barrier);
      auto vs = vote_sites_.find(cond);
      if (it != barrier_sites_.end() && vs != vote_sites_.end())
        result_.sites[vs->second - 1].related_site = it->second;
    }
  }

  bool VisitImplicitCastExpr(ImplicitCastExpr* ice) {
    if (ice->getCastKind() == CK_LValueToRValue) access(ice->getSubExpr(), access_kind::read);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator* bo) {
    if (bo->isAssignmentOp())
      access(bo->getLHS(),
             bo->getOpcode() == BO_Assign ? access_kind::write : access_kind::read_write);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator* uo) {
    if (uo->isIncrementDecrementOp()) access(uo->getSubExpr(), access_kind::read_write);
    return true;
  }

  bool VisitCallExpr(CallExpr* call) {
    const FunctionDecl* callee = call->getDirectCallee();
    if (!callee || !in_main(call->getBeginLoc()) || !in_main(call->getEndLoc())) return true;
    if (const FunctionDecl* user = user_callee(call, plan_)) {
      if (plan_.needs_ctx.count(user))
        rw_.InsertTextAfter(loc(call->getRParenLoc()),
                            call->getNumArgs() ? ", __ampcl_c" : "__ampcl_c");
      return true;
    }
    if (!callee->getIdentifier()) return true;
    std::string name = callee->getName().str();
    if (name == "barrier" || name == "mem_fence" || name == "read_mem_fence" ||
        name == "write_mem_fence") {
      if (call->getNumArgs() != 1) return true;
      const unsigned flags = constant_fence_flags(call, ctx_).value_or(3u);
      auto id = add_site(call->getBeginLoc(), "",
                         name == "barrier" ? access_kind::barrier : access_kind::fence,
                         memory_space::none);
      result_.sites[id - 1].fence_flags = flags;
      if (name == "barrier") barrier_sites_[call] = id;
      rw_.InsertTextAfter(loc(call->getBeginLoc()), "__ampcl_");
      rw_.InsertTextAfter(loc(call->getArg(0)->getBeginLoc()), "__ampcl_c, ");
      rw_.InsertTextBefore(loc(call->getRParenLoc()), ", " + std::to_string(id) + "u");
      return true;
    }
    if (name.rfind("vload", 0) == 0 || name.rfind("vstore", 0) == 0) {
      vector_memory(call, name);
      return true;
    }
    if (name == "async_work_group_copy" && call->getNumArgs() == 4) {
      async_copy(call);
      return true;
    }
    if (name == "wait_group_events") {
      // Collective (every work-item must reach it), so it is modelled as a barrier
      // that orders the copies against the tile's accesses.
      auto id = add_site(call->getBeginLoc(), "", access_kind::barrier, memory_space::none);
      result_.sites[id - 1].fence_flags = 3;
      // A real barrier too: PoCL's wait does not make the others' parts visible.
      wrap(call, "(",
           ", __ampcl_barrier(__ampcl_c, CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, " +
               std::to_string(id) + "u))");
      return true;
    }
    if ((name.rfind("atomic_", 0) == 0 || name.rfind("atom_", 0) == 0) && call->getNumArgs() >= 1 &&
        callee->getNumParams() >= 1) {
      QualType pt = callee->getParamDecl(0)->getType();
      if (!pt->isPointerType()) return true;
      LangAS as = pt->getPointeeType().getAddressSpace();
      int space = as == LangAS::opencl_local ? 1 : as == LangAS::opencl_global ? 2 : 0;
      if (!space) return true;
      const Expr* arg = call->getArg(0)->IgnoreParenImpCasts();
      std::string ptr = pt.getAsString(policy_);
      const DeclRefExpr* base = base_ref(arg);
      std::string var = base ? base->getDecl()->getName().str() : "";
      auto id = add_site(arg->getBeginLoc(), var, access_kind::atomic,
                         space == 1 ? memory_space::tile_static : memory_space::global);
      wrap(arg, "((" + ptr + ")" + hook(space) + "(__ampcl_c, (" + void_ptr(space) + ")(",
           "), sizeof(*(" + ptr + ")0), " + std::to_string(object_index(base, space)) + ", " +
               std::to_string(id) + "u, 4u))");
    }
    return true;
  }

  bool VisitReturnStmt(ReturnStmt* rs) {
    if (fn_ != plan_.kernel || !in_main(rs->getBeginLoc())) return true;
    auto id = add_site(rs->getBeginLoc(), "", access_kind::exit, memory_space::none);
    SourceLocation semi = Lexer::findLocationAfterToken(loc(rs->getEndLoc()), tok::semi, sm_,
                                                        ctx_.getLangOpts(), false);
    if (semi.isInvalid()) return true;
    rw_.InsertTextAfter(loc(rs->getBeginLoc()),
                        "{ __ampcl_exit(__ampcl_c, " + std::to_string(id) + "u); ");
    rw_.InsertTextAfter(semi, " }");
    return true;
  }

  bool VisitDeclStmt(DeclStmt* ds) {
    if (fn_ != plan_.kernel) return true;
    std::string reg;
    for (Decl* d : ds->decls()) {
      auto* vd = dyn_cast<VarDecl>(d);
      if (!vd) continue;
      auto it = local_index_.find(vd);
      if (it == local_index_.end()) continue;
      reg += " __ampcl_c->lbase[" + std::to_string(it->second) + "] = (__local uchar*)&" +
             vd->getName().str() + ";";
    }
    if (!reg.empty()) {
      SourceLocation end =
          Lexer::getLocForEndOfToken(loc(ds->getEndLoc()), 0, sm_, ctx_.getLangOpts());
      rw_.InsertTextAfter(end, reg);
    }
    return true;
  }

 private:
  SourceLocation loc(SourceLocation l) const { return sm_.getExpansionLoc(l); }
  bool in_main(SourceLocation l) const { return sm_.isInMainFile(loc(l)); }

  static std::string hook(int space) { return space == 1 ? "__ampcl_l" : "__ampcl_g"; }
  static std::string void_ptr(int space) { return space == 1 ? "__local void*" : "__global void*"; }

  std::uint32_t add_site(SourceLocation l, const std::string& var, access_kind kind,
                         memory_space space) {
    site_info s;
    s.id = static_cast<std::uint32_t>(result_.sites.size() + 1);
    unsigned off = sm_.getFileOffset(loc(l));
    if (const origin* o = pp_.at(off)) {
      s.file = pp_.files[o->file];
      s.line = o->line;
      s.column = o->column;
    } else {
      PresumedLoc p = sm_.getPresumedLoc(loc(l));
      if (p.isValid()) s.file = p.getFilename(), s.line = p.getLine(), s.column = p.getColumn();
    }
    s.variable = var;
    s.kind = kind;
    s.space = space;
    result_.sites.push_back(s);
    return s.id;
  }

  // Static object index for accesses through a kernel's own variable or parameter;
  // -1 lets the runtime find the object from the address.
  int object_index(const DeclRefExpr* base, int space) const {
    if (!base || fn_ != plan_.kernel) return -1;
    if (space == 1) {
      auto it = local_index_.find(base->getDecl());
      return it == local_index_.end() ? -1 : it->second;
    }
    auto it = global_index_.find(base->getDecl());
    return it == global_index_.end() ? -1 : it->second;
  }

  void wrap(const Expr* e, const std::string& prefix, const std::string& suffix) {
    SourceLocation b = loc(e->getBeginLoc());
    SourceLocation end =
        Lexer::getLocForEndOfToken(loc(e->getEndLoc()), 0, sm_, ctx_.getLangOpts());
    rw_.InsertTextAfter(b, prefix);
    rw_.InsertTextBefore(end, suffix);
  }

  void access(Expr* raw, access_kind kind) {
    if (!fn_) return;
    const Expr* e = raw->IgnoreParens();
    // A vector component has no address: check the vector's bytes it covers.
    std::vector<const ExtVectorElementExpr*> chain;
    while (auto* ve = dyn_cast<ExtVectorElementExpr>(e)) {
      if (!ve->getBase()->isGLValue()) return;
      chain.push_back(ve);
      e = ve->getBase()->IgnoreParens();
    }
    int space = lvalue_space(e);
    if (!space || e->getType()->isArrayType()) return;
    if (!in_main(e->getBeginLoc()) || !in_main(e->getEndLoc())) return;
    unsigned b = sm_.getFileOffset(loc(e->getBeginLoc()));
    unsigned en = sm_.getFileOffset(loc(e->getEndLoc()));
    if (!seen_.insert({b, en}).second) return;
    if (auto* me = dyn_cast<MemberExpr>(e)) {
      if (auto* fd = dyn_cast<FieldDecl>(me->getMemberDecl()); fd && fd->isBitField()) {
        result_.warnings.push_back("bit-field access not instrumented");
        return;
      }
    }
    std::string ptr = ctx_.getPointerType(e->getType()).getAsString(policy_);
    if (ptr.find("(unnamed") != std::string::npos || ptr.find("(anonymous") != std::string::npos) {
      result_.warnings.push_back("access to an unnamed struct type not instrumented: " + ptr);
      return;
    }
    const DeclRefExpr* base = base_ref(e);
    std::string var = base ? base->getDecl()->getName().str() : "";
    auto id = add_site(e->getBeginLoc(), var, kind,
                       space == 1 ? memory_space::tile_static : memory_space::global);
    const int obj = object_index(base, space);
    check_inner_indices(e, id, space, obj);
    std::string range = "0u, sizeof(*(" + ptr + ")0)";
    if (!chain.empty()) range = component_range(chain, e->getType());
    if (kind == access_kind::read && space == 1 && obj >= 0 && quiet_.count(e)) {
      result_.sites[id - 1].quiet = true;
      wrap(e, "(*(" + ptr + ")__ampcl_lqp(__ampcl_c, (__local void*)&(",
           "), " + range + ", " + std::to_string(obj) + ", " + std::to_string(id) + "u))");
      return;
    }
    wrap(e, "(*(" + ptr + ")" + hook(space) + "p(__ampcl_c, (" + void_ptr(space) + ")&(",
         "), " + range + ", " + std::to_string(obj) + ", " + std::to_string(id) + "u, " +
             std::to_string(static_cast<int>(kind)) + "u))");
  }

  // "off, bytes" of the components a chain like v.hi.x touches in the vector.
  std::string component_range(const std::vector<const ExtVectorElementExpr*>& chain,
                              QualType vector) {
    const auto* vt = vector->getAs<VectorType>();
    if (!vt) return "0u, sizeof(" + vector.getAsString(policy_) + ")";
    std::vector<uint32_t> comps;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      SmallVector<uint32_t, 16> idx;
      (*it)->getEncodedElementAccess(idx);
      std::vector<uint32_t> next;
      for (uint32_t i : idx) next.push_back(comps.empty() ? i : comps[i < comps.size() ? i : 0]);
      comps = next;
    }
    uint32_t lo = ~0u, hi = 0;
    for (uint32_t i : comps) lo = std::min(lo, i), hi = std::max(hi, i + 1);
    if (comps.empty()) lo = 0, hi = vt->getNumElements();
    const auto elem = ctx_.getTypeSizeInChars(vt->getElementType()).getQuantity();
    return std::to_string(lo * elem) + "u, " + std::to_string((hi - lo) * elem) + "u";
  }

  // Inner dimensions of multi-dimensional arrays (t[r][c]): each index against its
  // own bound. The outermost one is the object's bounds check.
  void check_inner_indices(const Expr* e, std::uint32_t id, int space, int obj) {
    const Expr* x = e->IgnoreParens();
    while (auto* as = dyn_cast<ArraySubscriptExpr>(x)) {
      const Expr* b = as->getBase()->IgnoreParenImpCasts();
      if (isa<DeclRefExpr>(b)) break;
      if (const auto* cat = ctx_.getAsConstantArrayType(b->getType())) {
        const Expr* idx = as->getIdx();
        if (in_main(idx->getBeginLoc()) && in_main(idx->getEndLoc()))
          wrap(idx, "__ampcl_index(__ampcl_c, (long)(",
               "), " + std::to_string(cat->getSize().getZExtValue()) + "u, " + std::to_string(id) +
                   "u, " + std::to_string(space - 1) + "u, " + std::to_string(obj) + ")");
      }
      x = b;
    }
  }

  // vloadN/vstoreN/vload(a)_half(N): the pointer argument becomes the checked
  // address `p + offset * N`, the offset 0: `vload4(0, hook(p + (size_t)(off) * 4))`.
  void vector_memory(const CallExpr* call, const std::string& name) {
    const bool store = name[1] == 's';
    const unsigned pi = store ? 2 : 1, oi = pi - 1;
    if (call->getNumArgs() != pi + 1) return;
    std::string rest = name.substr(store ? 6 : 5);
    const bool aligned = !rest.empty() && rest[0] == 'a';
    if (aligned) rest = rest.substr(1);
    const bool half = rest.rfind("_half", 0) == 0;
    if (half) rest = rest.substr(5);
    rest = rest.substr(0, rest.find('_'));  // rounding mode suffix
    if (rest.find_first_not_of("0123456789") != std::string::npos) return;
    const unsigned n = rest.empty() ? 1 : static_cast<unsigned>(std::stoul(rest));
    const unsigned stride = aligned && n == 3 ? 4 : n;
    const Expr* off = call->getArg(oi);
    const Expr* ptr = call->getArg(pi);
    QualType pt = ptr->getType();
    if (!pt->isPointerType()) return;
    LangAS as = pt->getPointeeType().getAddressSpace();
    const int space = as == LangAS::opencl_local ? 1 : as == LangAS::opencl_global ? 2 : 0;
    if (!space || !in_main(off->getBeginLoc()) || !in_main(ptr->getEndLoc())) return;
    const auto elem = half ? 2 : ctx_.getTypeSizeInChars(pt->getPointeeType()).getQuantity();
    Token comma;
    SourceLocation off_end =
        Lexer::getLocForEndOfToken(loc(off->getEndLoc()), 0, sm_, ctx_.getLangOpts());
    if (Lexer::getRawToken(off_end, comma, sm_, ctx_.getLangOpts(), true) ||
        comma.isNot(tok::comma))
      return;
    const DeclRefExpr* base = base_ref(ptr->IgnoreParenImpCasts());
    auto id = add_site(call->getBeginLoc(), base ? base->getDecl()->getName().str() : "",
                       store ? access_kind::write : access_kind::read,
                       space == 1 ? memory_space::tile_static : memory_space::global);
    rw_.InsertTextAfter(loc(off->getBeginLoc()), "0, (" + pt.getAsString(policy_) + ")" +
                                                     hook(space) + "p(__ampcl_c, (" +
                                                     void_ptr(space) + ")((size_t)(");
    rw_.ReplaceText(comma.getLocation(), 1, ") * " + std::to_string(stride) + " + (");
    rw_.InsertTextBefore(
        Lexer::getLocForEndOfToken(loc(ptr->getEndLoc()), 0, sm_, ctx_.getLangOpts()),
        ")), 0u, " + std::to_string(n * elem) + "u, " + std::to_string(object_index(base, space)) +
            ", " + std::to_string(id) + "u, " + std::to_string(store ? 2 : 1) + "u)");
  }

  // async_work_group_copy(dst, src, n, e): each work-item first marks its part of
  // the copy (the arguments are evaluated again, from their original text).
  void async_copy(const CallExpr* call) {
    const Expr* dst = call->getArg(0);
    const Expr* src = call->getArg(1);
    QualType dt = dst->getType();
    if (!dt->isPointerType() || !in_main(call->getBeginLoc()) || !in_main(call->getEndLoc()))
      return;
    const bool to_local = dt->getPointeeType().getAddressSpace() == LangAS::opencl_local;
    const Expr* l = to_local ? dst : src;
    const Expr* g = to_local ? src : dst;
    auto text = [&](const Expr* x) {
      return Lexer::getSourceText(
                 CharSourceRange::getTokenRange(loc(x->getBeginLoc()), loc(x->getEndLoc())), sm_,
                 ctx_.getLangOpts())
          .str();
    };
    auto name_of = [&](const Expr* x) {
      const DeclRefExpr* b = base_ref(x->IgnoreParenImpCasts());
      return b ? b->getDecl()->getName().str() : std::string();
    };
    auto lsite =
        add_site(l->getBeginLoc(), name_of(l), to_local ? access_kind::write : access_kind::read,
                 memory_space::tile_static);
    auto gsite = add_site(g->getBeginLoc(), name_of(g),
                          to_local ? access_kind::read : access_kind::write, memory_space::global);
    wrap(call,
         "(__ampcl_copy_part(__ampcl_c, (__local uchar*)(" + text(l) + "), (__global uchar*)(" +
             text(g) + "), (ulong)(" + text(call->getArg(2)) + ") * sizeof(*(" + text(dst) +
             ")), " + (to_local ? "1" : "0") + ", " + std::to_string(lsite) + "u, " +
             std::to_string(gsite) + "u), ",
         ")");
  }

  void collect_objects() {
    const FunctionDecl* k = plan_.kernel;
    result_.user_param_count = k->getNumParams();
    for (unsigned i = 0; i < k->getNumParams(); ++i) {
      const ParmVarDecl* p = k->getParamDecl(i);
      QualType t = p->getType();
      if (!t->isPointerType()) continue;
      QualType pointee = t->getPointeeType();
      LangAS as = pointee.getAddressSpace();
      if (as == LangAS::opencl_global) {
        global_object g;
        g.name = p->getName().str();
        g.param_index = static_cast<int>(i);
        g.element_bytes =
            pointee->isVoidType()
                ? 1
                : static_cast<std::uint32_t>(ctx_.getTypeSizeInChars(pointee).getQuantity());
        g.granule = scalar_granule(ctx_, pointee);
        g.is_const = pointee.isConstQualified();
        for (unsigned j = 0; j < k->getNumParams(); ++j)
          if (k->getParamDecl(j)->getName() == g.name + "_view")
            g.view_param_index = static_cast<int>(j);
        global_index_[p] = static_cast<int>(result_.globals.size());
        result_.globals.push_back(g);
      }
    }
    for (const ValueDecl* d : plan_.tile_static) {
      tile_static_object o;
      o.name = d->getName().str();
      if (const auto* p = dyn_cast<ParmVarDecl>(d)) {
        o.granule = scalar_granule(ctx_, p->getType()->getPointeeType());
        o.param_index = static_cast<int>(p->getFunctionScopeIndex());
      } else {
        o.bytes = static_cast<std::uint64_t>(ctx_.getTypeSizeInChars(d->getType()).getQuantity());
        o.granule = scalar_granule(ctx_, d->getType());
      }
      local_index_[d] = static_cast<int>(result_.tile_static.size());
      result_.tile_static.push_back(o);
    }
  }

  void insert_params(const FunctionDecl* fd, const std::string& params) {
    FunctionTypeLoc ftl = fd->getFunctionTypeLoc();
    if (!ftl) return;
    SourceLocation lp = loc(ftl.getLParenLoc()), rp = loc(ftl.getRParenLoc());
    if (fd->getNumParams() == 0) {
      unsigned a = sm_.getFileOffset(lp) + 1, b = sm_.getFileOffset(rp);
      rw_.ReplaceText(lp.getLocWithOffset(1), b - a, params);
    } else {
      rw_.InsertTextBefore(rp, ", " + params);
    }
  }

  void rewrite_signature(const FunctionDecl* fd) {
    if (fd == plan_.kernel) {
      insert_params(fd,
                    "__global ulong* __ampcl_ls, __global ulong* __ampcl_gs, "
                    "__global uint* __ampcl_rec, __global uint* __ampcl_items, "
                    "__global const uint* __ampcl_cfg");
      return;
    }
    if (!plan_.needs_ctx.count(fd)) return;
    for (const FunctionDecl* r : fd->redecls())
      if (in_main(r->getLocation())) insert_params(r, "ampcl_ctx* __ampcl_c");
  }

  void rewrite_votes(const FunctionDecl* fd) {
    struct conds : RecursiveASTVisitor<conds> {
      const rewrite_plan* plan;
      std::vector<const Expr*> found;
      bool VisitExpr(Expr* e) {
        if (plan->voted.count(e)) found.push_back(e);
        return true;
      }
    } c;
    c.plan = &plan_;
    c.TraverseStmt(fd->getBody());
    for (const Expr* cond : c.found) {
      auto id = add_site(cond->getBeginLoc(), "", access_kind::branch, memory_space::none);
      vote_sites_[cond] = id;
      const char* vote =
          plan_.value_votes.count(cond) ? "__ampcl_uniform_value" : "__ampcl_uniform";
      wrap(cond, std::string(vote) + "(__ampcl_c, (", "), " + std::to_string(id) + "u)");
    }
  }

  void rewrite_body_edges(const FunctionDecl* fd) {
    const auto* body = dyn_cast<CompoundStmt>(fd->getBody());
    if (!body) return;
    SourceLocation open =
        Lexer::getLocForEndOfToken(loc(body->getLBracLoc()), 0, sm_, ctx_.getLangOpts());
    bool is_kernel = fd->hasAttr<OpenCLKernelAttr>();
    if (fd == plan_.kernel) {
      std::string pro =
          " __local ulong __ampcl_lscratch[AMPCL_SCRATCH_ULONGS];"
          " __local uint __ampcl_vote[AMPCL_VOTE_WORDS];"
          " __local uint __ampcl_written[AMPCL_WRITTEN_WORDS];"
          " __local ulong __ampcl_lsh[AMPCL_LSH_WORDS] __attribute__((aligned(16)));"
          " ampcl_ctx __ampcl_cv; ampcl_ctx* __ampcl_c = &__ampcl_cv;"
          " __ampcl_init(__ampcl_c, __ampcl_ls, __ampcl_gs, __ampcl_rec, __ampcl_items,"
          " __ampcl_cfg, (__local uchar*)__ampcl_lscratch, __ampcl_vote, __ampcl_written,"
          " __ampcl_lsh);";
      for (std::size_t g = 0; g < result_.globals.size(); ++g)
        pro += " __ampcl_c->gbase[" + std::to_string(g) + "] = (__global uchar*)" +
               result_.globals[g].name + ";";
      for (std::size_t k = 0; k < result_.tile_static.size(); ++k)
        if (result_.tile_static[k].param_index >= 0)
          pro += " __ampcl_c->lbase[" + std::to_string(k) + "] = (__local uchar*)" +
                 result_.tile_static[k].name + ";";
      rw_.InsertTextAfter(open, pro);
      auto id = add_site(body->getRBracLoc(), "", access_kind::exit, memory_space::none);
      rw_.InsertTextBefore(loc(body->getRBracLoc()),
                           "__ampcl_exit(__ampcl_c, " + std::to_string(id) + "u); ");
    } else if (is_kernel) {
      // Another kernel of the program: hooks stay off, helpers still get a context.
      rw_.InsertTextAfter(open,
                          " ampcl_ctx __ampcl_cv; ampcl_ctx* __ampcl_c = &__ampcl_cv;"
                          " __ampcl_cv.on = 0;");
    }
  }

  ASTContext& ctx_;
  const SourceManager& sm_;
  Rewriter& rw_;
  const rewrite_plan& plan_;
  const preprocessed& pp_;
  instrument_result& result_;
  PrintingPolicy policy_{LangOptions()};
  const FunctionDecl* fn_ = nullptr;
  std::set<std::pair<unsigned, unsigned>> seen_;
  std::map<const Decl*, int> local_index_, global_index_;
  std::map<const CallExpr*, std::uint32_t> barrier_sites_;
  std::map<const Expr*, std::uint32_t> vote_sites_;
  const std::set<const Expr*> quiet_;
};

}  // namespace

void rewrite_program(ASTContext& ctx, Rewriter& rw, const rewrite_plan& plan,
                     const preprocessed& pp, instrument_result& result) {
  access_rewriter r(ctx, rw, plan, pp, result);
  r.run();
}

}  // namespace ampcl::debug::detail
