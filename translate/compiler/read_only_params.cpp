#include "read_only_params.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Transforms/IPO/FunctionAttrs.h>

namespace ampcl::translate {

namespace {

constexpr unsigned global_address_space = 1;  // SPIR's

std::unique_ptr<llvm::Module> compile(const std::string& source, const std::string& resource_dir,
                                      llvm::LLVMContext& context) {
  using namespace clang;
  const char* file = "ampcl_kernel.cl";
  // Unoptimized but optimizable (-disable-O0-optnone): this file inlines everything
  // itself before the -O2 pipeline, whatever Clang's inliner would think of size.
  const std::vector<const char*> args = {"-triple",
                                         "spir64-unknown-unknown",
                                         "-x",
                                         "cl",
                                         "-cl-std=CL1.2",
                                         "-finclude-default-header",
                                         "-fdeclare-opencl-builtins",
                                         "-disable-O0-optnone",
                                         "-resource-dir",
                                         resource_dir.c_str(),
                                         "-w",
                                         file};
  CompilerInstance ci;
  ci.createDiagnostics(new IgnoringDiagConsumer, /*ShouldOwnClient=*/true);
  if (!CompilerInvocation::CreateFromArgs(ci.getInvocation(), args, ci.getDiagnostics()))
    return nullptr;
  ci.getPreprocessorOpts().addRemappedFile(
      file, llvm::MemoryBuffer::getMemBufferCopy(source, file).release());
  EmitLLVMOnlyAction action(&context);
  if (!ci.ExecuteAction(action) || ci.getDiagnostics().hasErrorOccurred()) return nullptr;
  return action.takeModule();
}

void optimize(llvm::Module& m) {
  for (llvm::Function& f : m) {
    if (f.isDeclaration()) continue;
    f.removeFnAttr(llvm::Attribute::OptimizeNone);
    f.removeFnAttr(llvm::Attribute::NoInline);
    if (f.getCallingConv() == llvm::CallingConv::SPIR_KERNEL) continue;
    f.addFnAttr(llvm::Attribute::AlwaysInline);
    f.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  llvm::PassBuilder pb;
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  llvm::ModulePassManager mpm = pb.buildPerModuleDefaultPipeline(llvm::OptimizationLevel::O2);
  // The pipeline infers attributes before it has simplified what it inlined (a
  // view's pointer still in a private copy of the functor); once more at the end.
  mpm.addPass(llvm::createModuleToPostOrderCGSCCPassAdaptor(llvm::PostOrderFunctionAttrsPass()));
  mpm.run(m, mam);
}

}  // namespace

std::vector<bool> read_only_global_params(const std::string& source, const std::string& kernel,
                                          const std::string& resource_dir) {
  if (resource_dir.empty()) return {};
  llvm::LLVMContext context;
  const std::unique_ptr<llvm::Module> m = compile(source, resource_dir, context);
  if (!m) return {};
  optimize(*m);
  const llvm::Function* f = m->getFunction(kernel);
  if (!f || f->isDeclaration() || f->getCallingConv() != llvm::CallingConv::SPIR_KERNEL) return {};
  std::vector<bool> read_only;
  for (const llvm::Argument& a : f->args()) {
    const auto* p = llvm::dyn_cast<llvm::PointerType>(a.getType());
    read_only.push_back(p && p->getAddressSpace() == global_address_space && a.onlyReadsMemory());
  }
  return read_only;
}

}  // namespace ampcl::translate
