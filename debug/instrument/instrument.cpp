#include "instrument.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/Attr.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <clang/Rewrite/Core/Rewriter.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <iterator>

#include "preprocess.hpp"
#include "quiet_loops.hpp"
#include "rewrite_plan.hpp"
#include "rewriter.hpp"

namespace ampcl::debug {

namespace {

using namespace clang;

class instrument_consumer : public ASTConsumer {
 public:
  instrument_consumer(CompilerInstance& ci, const detail::preprocessed& pp,
                      const std::string& kernel, instrument_result& result)
      : ci_(ci), pp_(pp), kernel_(kernel), result_(result) {}

  void HandleTranslationUnit(ASTContext& ctx) override {
    if (ci_.getDiagnostics().hasErrorOccurred()) return;
    const SourceManager& sm = ctx.getSourceManager();
    const FunctionDecl* kernel = nullptr;
    std::vector<const FunctionDecl*> kernels;
    for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
      auto* fd = dyn_cast<FunctionDecl>(d);
      if (!fd || !fd->doesThisDeclarationHaveABody() || !fd->hasAttr<OpenCLKernelAttr>() ||
          !sm.isInMainFile(sm.getExpansionLoc(fd->getLocation())))
        continue;
      kernels.push_back(fd);
      if (fd->getName() == kernel_) kernel = fd;
    }
    if (!kernel) {
      result_.diagnostics += "error: no __kernel named '" + kernel_ + "' in the program\n";
      return;
    }
    if (refuse_program_scope_globals(ctx)) return;
    Rewriter rw(ci_.getSourceManager(), ci_.getLangOpts());
    std::vector<const FunctionDecl*> together;
    if (detail::without_tile_static(kernel)) {
      for (const FunctionDecl* k : kernels)
        if (detail::without_tile_static(k)) together.push_back(k);
      if (together.size() > detail::max_kernels_together) together.clear();
    }
    detail::rewrite_plan plan = detail::make_plan(ctx, kernel, together);
    detail::rewrite_program(ctx, rw, plan, pp_, result_);
    const RewriteBuffer* buf = rw.getRewriteBufferFor(sm.getMainFileID());
    result_.source =
        buf ? detail::expand_quiet_loops(std::string(buf->begin(), buf->end())) : pp_.text;
    result_.ok = true;
  }

 private:
  // OpenCL C 2.0's program-scope __global variables are memory no kernel argument
  // names, so the shadow has no object for it: their accesses would go unchecked.
  // The kernel is refused whole, saying so, rather than checked in part.
  bool refuse_program_scope_globals(ASTContext& ctx) {
    bool refused = false;
    for (Decl* d : ctx.getTranslationUnitDecl()->decls()) {
      auto* vd = dyn_cast<VarDecl>(d);
      if (!vd || vd->getType().getAddressSpace() != LangAS::opencl_global || !vd->isReferenced())
        continue;
      const PresumedLoc where = ctx.getSourceManager().getPresumedLoc(
          ctx.getSourceManager().getExpansionLoc(vd->getLocation()));
      result_.diagnostics +=
          std::string(where.isValid() ? where.getFilename() : "<program>") + ":" +
          std::to_string(where.isValid() ? where.getLine() : 0) +
          ": error: program-scope __global variable '" + vd->getName().str() +
          "' (OpenCL C 2.0): the checker tracks __global memory through the kernel's "
          "arguments only, so it cannot check this kernel; pass the data as a buffer argument "
          "to have it checked\n";
      refused = true;
    }
    return refused;
  }

  CompilerInstance& ci_;
  const detail::preprocessed& pp_;
  std::string kernel_;
  instrument_result& result_;
};

class instrument_action : public ASTFrontendAction {
 public:
  instrument_action(const detail::preprocessed& pp, const std::string& kernel,
                    instrument_result& result)
      : pp_(pp), kernel_(kernel), result_(result) {}

 protected:
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, StringRef) override {
    return std::make_unique<instrument_consumer>(ci, pp_, kernel_, result_);
  }

 private:
  const detail::preprocessed& pp_;
  std::string kernel_;
  instrument_result& result_;
};

bool parse_and_rewrite(const detail::preprocessed& pp, const std::string& kernel,
                       instrument_result& result) {
  std::string diag_text;
  llvm::raw_string_ostream diag_os(diag_text);
  std::vector<std::string> args = detail::base_cc1_args(pp.standard);
  // The parse needs the builtins' declarations; the output never includes them.
  args.push_back("-finclude-default-header");
  args.push_back("-fdeclare-opencl-builtins");
  const std::string name = "ampcl-preprocessed.cl";
  args.push_back(name);
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());

  auto ci = std::make_unique<CompilerInstance>();
  ci->createDiagnostics(new TextDiagnosticPrinter(diag_os, detail::presumed_locations()), true);
  auto inv = std::make_shared<CompilerInvocation>();
  if (!CompilerInvocation::CreateFromArgs(*inv, argv, ci->getDiagnostics())) return false;
  inv->getPreprocessorOpts().addRemappedFile(
      name, llvm::MemoryBuffer::getMemBufferCopy(pp.text, name).release());
  ci->setInvocation(inv);
  instrument_action action(pp, kernel, result);
  bool ran = ci->ExecuteAction(action);
  diag_os.flush();
  result.diagnostics = diag_text + result.diagnostics;
  return ran && !ci->getDiagnostics().hasErrorOccurred() && result.ok;
}

// The runtime with its `#include "contract.h"` replaced by the contract's text:
// the driver compiles the instrumented program without any include path.
std::string with_contract(const std::string& runtime) {
  const std::string include = "#include \"contract.h\"";
  const std::size_t at = runtime.find(include);
  if (at == std::string::npos) return runtime;
  const auto line = 1 + std::count(runtime.begin(), runtime.begin() + static_cast<long>(at), '\n');
  return runtime.substr(0, at) + "#line 1 \"ampcl/contract.h\"\n" + contract_source() + "\n#line " +
         std::to_string(line + 1) + " \"ampcl/shadow.clh\"\n" + runtime.substr(at + include.size());
}

// The shadow runtime built in, or (for trying variants of it on a device without
// a rebuild) the file AMPCL_RACECHECK_RUNTIME names.
std::string runtime_source() {
  namespace st = ampcl::detail::settings;
  const std::optional<std::string> path = st::text(st::id::racecheck_runtime);
  if (!path) return with_contract(shadow_runtime_source());
  std::ifstream in(*path);
  if (!in)
    throw std::runtime_error(std::string("AMPCL_RACECHECK_RUNTIME names '") + *path +
                             "', which cannot be read: point it at a readable copy of "
                             "debug/runtime/shadow.clh, or unset it to use the built-in runtime");
  return with_contract(
      std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()));
}

}  // namespace

instrument_result instrument(const std::string& source, const std::string& source_name,
                             const std::string& build_options, const std::string& kernel_name) {
  instrument_result result;
  result.kernel_name = kernel_name;
  for (const extra_param_info& p : kExtraParams) result.extra_params.push_back(p.name);
  try {
    detail::preprocessed pp = detail::preprocess(source, source_name, build_options);
    if (!pp.ok) {
      result.diagnostics =
          pp.diagnostics.empty() ? "error: preprocessing failed\n" : pp.diagnostics;
      return result;
    }
    if (!parse_and_rewrite(pp, kernel_name, result)) {
      result.ok = false;
      if (result.diagnostics.empty()) result.diagnostics = "error: parsing failed\n";
      return result;
    }
    std::size_t nl = result.tile_static.empty() ? 1 : result.tile_static.size();
    std::size_t ng = result.global_slots;
    result.source = "#define AMPCL_RC_NL " + std::to_string(nl) + "\n#define AMPCL_RC_NG " +
                    std::to_string(ng) + "\n#define AMPCL_MIXED_FENCES " +
                    (result.varying_fence_flags ? "1" : "0") + "\n#define AMPCL_RC_GLOBAL_SITES " +
                    std::to_string(result.checked_global_sites) +
                    "\n#line 1 \"ampcl/shadow.clh\"\n" + runtime_source() + "\n" + result.source;
  } catch (const std::exception& e) {
    result.ok = false;
    result.diagnostics += std::string("error: instrumenter failed: ") + e.what() + "\n";
  }
  return result;
}

}  // namespace ampcl::debug
