#include "frontend.hpp"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>
#include <clang/Frontend/TextDiagnostic.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/raw_ostream.h>

#include <cstdlib>

#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/FrontendActions.h>
#include <llvm/Support/TargetSelect.h>

#include "amp_rules/amp_rules.hpp"
#include "lower.hpp"
#include "restrictions.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

// Clang speaks CUDA; its messages about restrict(amp) code are reworded in C++
// AMP's terms before they reach the user.
class amp_diagnostics : public DiagnosticConsumer {
 public:
  void BeginSourceFile(const LangOptions& lang, const Preprocessor*) override {
    text_ = std::make_unique<TextDiagnostic>(llvm::errs(), lang, opts_.get());
  }
  void EndSourceFile() override { text_.reset(); }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic& info) override {
    DiagnosticConsumer::HandleDiagnostic(level, info);
    llvm::SmallString<256> buf;
    info.FormatDiagnostic(buf);
    std::string s = buf.str().str();
    replace(s, "__host__ __device__ function", "restrict(cpu, amp) function");
    replace(s, "__device__ function", "restrict(amp) function");
    replace(s, "__host__ function", "restrict(cpu) function");
    replace(s, "__shared__ variable", "tile_static variable");
    replace(s, "__device__", "restrict(amp)");
    replace(s, "__host__", "restrict(cpu)");
    replace(s, "__shared__", "tile_static");
    if (text_ && info.getLocation().isValid() && info.hasSourceManager()) {
      text_->emitDiagnostic(FullSourceLoc(info.getLocation(), info.getSourceManager()), level, s,
                            info.getRanges(), info.getFixItHints());
    } else {
      llvm::errs() << (level >= DiagnosticsEngine::Error ? "error: " : "warning: ") << s << "\n";
    }
  }

 private:
  static void replace(std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  }
  llvm::IntrusiveRefCntPtr<DiagnosticOptions> opts_{new DiagnosticOptions()};
  std::unique_ptr<TextDiagnostic> text_;
};

class entry_finder : public RecursiveASTVisitor<entry_finder> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitFunctionDecl(FunctionDecl* fn) {
    if (fn->isTemplateInstantiation() && fn->doesThisDeclarationHaveABody()) {
      const FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
      if (pattern && has_annotation(pattern, "ampcl_kernel_entry")) entries.push_back(fn);
    }
    return true;
  }
  std::vector<const FunctionDecl*> entries;
};

class translate_consumer : public ASTConsumer {
 public:
  translate_consumer(CompilerInstance& ci, translation& out, std::string trusted_dir)
      : ci_(ci), out_(out), trusted_dir_(std::move(trusted_dir)) {
    ci.getPreprocessor().addPPCallbacks(amp_rules::record_specifiers(written_));
  }
  void HandleTranslationUnit(ASTContext& ctx) override {
    if (ci_.getDiagnostics().hasErrorOccurred()) return;
    // C++ AMP's restrict(amp) rules, over all the user's restrict(amp) code.
    if (!amp_rules::check(ctx, written_, trusted_dir_, out_.diagnostics)) return;
    entry_finder finder;
    finder.TraverseDecl(ctx.getTranslationUnitDecl());
    bool ok = true;
    for (const FunctionDecl* entry : finder.entries) {
      lowering l(ctx, out_.diagnostics);
      kernel_out k;
      if (l.lower_kernel(entry, k)) out_.kernels.push_back(std::move(k));
      else ok = false;
    }
    out_.ok = ok;
  }

 private:
  CompilerInstance& ci_;
  translation& out_;
  std::string trusted_dir_;  // the compatibility headers
  amp_rules::written_specifiers written_;
};

class translate_action : public ASTFrontendAction {
 public:
  translate_action(translation& out, std::string trusted_dir)
      : out_(out), trusted_dir_(std::move(trusted_dir)) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance& ci, llvm::StringRef) override {
    return std::make_unique<translate_consumer>(ci, out_, trusted_dir_);
  }

 private:
  translation& out_;
  std::string trusted_dir_;
};

std::string dir_of(const std::string& path) {
  llvm::SmallString<256> p(path);
  llvm::sys::path::remove_filename(p);
  return p.str().str();
}

bool exists(const std::string& p) { return llvm::sys::fs::exists(p); }

}  // namespace

pass_setup default_setup(const std::string& argv0) {
  pass_setup s;
  const char* res = std::getenv("AMPCL_CLANG_RESOURCE_DIR");
  s.resource_dir = res && *res ? res : AMPCL_CLANG_RESOURCE_DIR;
  // Installed: <prefix>/bin/ampcl-c++ with <prefix>/include/ampcl/amp/amp.h.
  // Build tree: the source tree's headers (compiled in).
  const std::string exe = llvm::sys::fs::getMainExecutable(argv0.c_str(), nullptr);
  const std::string prefix = dir_of(dir_of(exe));
  const std::string installed = prefix + "/" AMPCL_INSTALL_INCLUDEDIR "/ampcl/amp";
  if (exists(installed + "/amp.h")) {
    s.compat_include = installed;
    s.ampcl_include = prefix + "/" AMPCL_INSTALL_INCLUDEDIR;
    s.lib_dirs = {prefix + "/" AMPCL_INSTALL_LIBDIR};
  } else {
    s.compat_include = AMPCL_AMP_SOURCE_INCLUDE;
    s.ampcl_include = AMPCL_SOURCE_INCLUDE;
    s.lib_dirs = {AMPCL_LIB_DIR, AMPCL_AMP_LIB_DIR};
  }
  if (const char* inc = std::getenv("AMPCL_AMP_INCLUDE"); inc && *inc) s.compat_include = inc;
  return s;
}

std::vector<std::string> common_clang_args(const pass_setup& s) {
  return {"-x",
          "cuda",
          "--cuda-path=/nonexistent-ampcl-cuda",  // never any CUDA installation's headers
          "-nocudainc",
          "-nocudalib",
          "-nobuiltininc",
          "-isystem",
          s.resource_dir + "/include",
          "-Wno-unknown-cuda-version",
          "-Wno-cuda-compat",
          "-fdeclspec",
          "-D__AMPCL_RESTRICT_REWRITTEN__",
          // C++ AMP is C++11 with MSVC's extensions: throw(T) specifications still
          // compile (C++17 dropped them; Clang's error for it is a warning here).
          "-Wno-dynamic-exception-spec",
          // C++ AMP calls only restrict(amp) functions from restrict(amp) code; CUDA
          // would also let constexpr ones in (std::pow(float, int) then wins
          // overload resolution over precise_math::pow).
          "-Xclang",
          "-fno-cuda-host-device-constexpr",
          "-DCL_TARGET_OPENCL_VERSION=120",
          "-include",
          s.compat_include + "/ampcl_amp/restrict.h",
          "-I",
          s.compat_include,
          "-I",
          s.ampcl_include};
}

translation translate_file(const pass_setup& s, const std::string& file,
                           const std::vector<std::string>& user_args) {
  translation out;
  out.source_file = file;
  std::vector<std::string> args = {"clang++"};
  for (const std::string& a : common_clang_args(s)) args.push_back(a);
  // -fno-caret-diagnostics: only drops Clang's closing "N errors generated when compiling
  // for sm_70" (amp_diagnostics prints with its own options); the driver says it in C++ AMP terms.
  for (const char* a : {"--cuda-device-only", "--cuda-gpu-arch=sm_70", "-fsyntax-only",
                        "-D__AMPCL_TRANSLATE__", "-w", "-fno-caret-diagnostics"})
    args.push_back(a);
  args.push_back("-resource-dir");
  args.push_back(s.resource_dir);
  for (const std::string& a : user_args) args.push_back(a);
  args.push_back(file);

  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), restriction_file_system());
  tooling::ToolInvocation inv(args, std::make_unique<translate_action>(out, s.compat_include),
                              files.get());
  amp_diagnostics diags;
  inv.setDiagnosticConsumer(&diags);
  const bool parsed = inv.run();
  if (!parsed || diags.getNumErrors() > 0) out.ok = false;
  return out;
}

bool compile_host(const pass_setup& s, const std::string& file,
                  const std::vector<std::string>& host_args, const std::string& registry,
                  const std::string& object) {
  static const bool targets = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    llvm::InitializeNativeTargetAsmParser();
    return true;
  }();
  (void)targets;
  std::vector<std::string> args = {"clang++"};
  for (const std::string& a : common_clang_args(s)) args.push_back(a);
  args.push_back("--cuda-host-only");
  args.push_back("-resource-dir");
  args.push_back(s.resource_dir);
  args.push_back("-include");
  args.push_back(registry);
  for (const std::string& a : host_args) args.push_back(a);
  std::unique_ptr<FrontendAction> action;
  if (object.empty()) {
    args.push_back("-fsyntax-only");
    action = std::make_unique<SyntaxOnlyAction>();
  } else {
    args.push_back("-c");
    args.push_back("-o");
    args.push_back(object);
    action = std::make_unique<EmitObjAction>();
  }
  args.push_back(file);
  auto files = llvm::makeIntrusiveRefCnt<FileManager>(FileSystemOptions(), restriction_file_system());
  tooling::ToolInvocation inv(args, std::move(action), files.get());
  amp_diagnostics diags;
  inv.setDiagnosticConsumer(&diags);
  return inv.run() && diags.getNumErrors() == 0;
}

}  // namespace ampcl::translate
