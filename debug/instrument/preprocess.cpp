#include "preprocess.hpp"

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <clang/Lex/Pragma.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Lex/PreprocessorOptions.h>
#include <llvm/Support/CommandLine.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/StringSaver.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <map>
#include <stdexcept>

#include "clang_resource.hpp"

namespace ampcl::debug::detail {

const origin* preprocessed::at(unsigned offset) const {
  auto it = std::upper_bound(origins.begin(), origins.end(), offset,
                             [](unsigned o, const origin& x) { return o < x.offset; });
  if (it == origins.begin()) return nullptr;
  return &*(it - 1);
}

clang::DiagnosticOptions* presumed_locations() {
  auto* o = new clang::DiagnosticOptions();
  o->ShowPresumedLoc = true;
  return o;
}

std::vector<std::string> base_cc1_args(const std::string& standard) {
  // spir64: every OpenCL extension macro is defined, size_t is 64-bit as on the
  // devices we target. The default header stays out of the preprocessed text.
  // Clang's headers (opencl-c-base.h): those installed beside the tool, or
  // AMPCL_CLANG_RESOURCE_DIR, or the build machine's (tools/clang_resource).
  const clang_resource::lookup resource =
      clang_resource::find(clang_resource::current_executable());
  if (resource.dir.empty()) throw std::runtime_error(resource.error);
  return {"-triple",
          "spir64-unknown-unknown",
          "-x",
          "cl",
          standard.empty() ? "-cl-std=CL1.2" : standard,
          "-w",
          "-resource-dir",
          resource.dir};
}

std::string requested_standard(const std::string& build_options) {
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::SmallVector<const char*, 16> toks;
  llvm::cl::TokenizeGNUCommandLine(build_options, saver, toks);
  std::string standard;
  for (const char* t : toks)
    if (llvm::StringRef(t).startswith("-cl-std=")) standard = t;
  return standard;
}

std::vector<std::string> preprocessor_args(const std::string& build_options) {
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::SmallVector<const char*, 16> toks;
  llvm::cl::TokenizeGNUCommandLine(build_options, saver, toks);
  std::vector<std::string> out;
  for (std::size_t i = 0; i < toks.size(); ++i) {
    std::string t = toks[i];
    bool takes_value = t == "-D" || t == "-U" || t == "-I";
    if (takes_value && i + 1 < toks.size()) {
      out.push_back(t + toks[++i]);
    } else if (t.rfind("-D", 0) == 0 || t.rfind("-U", 0) == 0 || t.rfind("-I", 0) == 0) {
      out.push_back(t);
    }
  }
  return out;
}

namespace {

// Emits tokens, one output line per source line, and records each token's origin.
class emitter {
 public:
  emitter(clang::Preprocessor& pp, preprocessed& out)
      : pp_(pp), sm_(pp.getSourceManager()), out_(out) {}

  void token(const clang::Token& tok) {
    clang::SourceLocation loc = tok.getLocation();
    clang::PresumedLoc layout = sm_.getPresumedLoc(sm_.getExpansionLoc(loc));
    clang::PresumedLoc where = sm_.getPresumedLoc(sm_.getFileLoc(loc));
    if (layout.isInvalid() || where.isInvalid()) return;
    unsigned file = file_index(layout.getFilename());
    move_to(file, layout.getLine());
    bool from_macro = loc.isMacroID();
    unsigned col = static_cast<unsigned>(layout.getColumn());
    if (!from_macro && column_ + 1 < col) {
      out_.text.append(col - 1 - column_, ' ');  // keep the user's columns where we can
      column_ = col - 1;
    } else if (column_ > 0 && (from_macro || column_ + 1 > col || tok.hasLeadingSpace())) {
      out_.text += ' ';
      ++column_;
    }
    origin o;
    o.offset = static_cast<unsigned>(out_.text.size());
    o.file = file_index(where.getFilename());
    o.line = static_cast<int>(where.getLine());
    o.column = static_cast<int>(where.getColumn());
    out_.origins.push_back(o);
    std::string spelling = pp_.getSpelling(tok);
    out_.text += spelling;
    column_ += static_cast<unsigned>(spelling.size());
  }

  // A pragma the preprocessor does not handle itself (OPENCL EXTENSION, unroll, ...).
  void pragma(const std::string& text) {
    out_.text += "\n" + text + "\n";
    line_ = -1;  // force a #line before the next token
    column_ = 0;
  }

  void finish() { out_.text += '\n'; }

 private:
  unsigned file_index(const std::string& name) {
    auto it = std::find(out_.files.begin(), out_.files.end(), name);
    if (it != out_.files.end()) return static_cast<unsigned>(it - out_.files.begin());
    out_.files.push_back(name);
    return static_cast<unsigned>(out_.files.size() - 1);
  }

  void move_to(unsigned file, unsigned line) {
    if (line_ >= 0 && file == file_ && line == static_cast<unsigned>(line_)) return;
    if (line_ >= 0 && file == file_ && line > static_cast<unsigned>(line_) &&
        line - static_cast<unsigned>(line_) <= 8) {
      out_.text.append(line - static_cast<unsigned>(line_), '\n');
    } else {
      if (!out_.text.empty()) out_.text += '\n';
      out_.text += "#line " + std::to_string(line) + " \"" + escape(out_.files[file]) + "\"\n";
    }
    file_ = file;
    line_ = static_cast<int>(line);
    column_ = 0;
  }

  static std::string escape(const std::string& s) {
    std::string r;
    for (char ch : s) {
      if (ch == '\\' || ch == '"') r += '\\';
      r += ch;
    }
    return r;
  }

  clang::Preprocessor& pp_;
  clang::SourceManager& sm_;
  preprocessed& out_;
  unsigned file_ = 0;
  int line_ = -1;
  unsigned column_ = 0;
};

class keep_pragma : public clang::PragmaHandler {
 public:
  explicit keep_pragma(emitter& e) : clang::PragmaHandler(""), emit_(e) {}
  void HandlePragma(clang::Preprocessor& pp, clang::PragmaIntroducer,
                    clang::Token& first) override {
    std::string text = "#pragma";
    clang::Token tok = first;
    while (tok.isNot(clang::tok::eod)) {
      text += ' ' + pp.getSpelling(tok);
      pp.LexUnexpandedToken(tok);
    }
    emit_.pragma(text);
  }

 private:
  emitter& emit_;
};

class preprocess_action : public clang::PreprocessorFrontendAction {
 public:
  explicit preprocess_action(preprocessed& out) : out_(out) {}

 protected:
  void ExecuteAction() override {
    clang::Preprocessor& pp = getCompilerInstance().getPreprocessor();
    emitter emit(pp, out_);
    pp.AddPragmaHandler(new keep_pragma(emit));
    pp.EnterMainSourceFile();
    clang::Token tok;
    pp.Lex(tok);
    while (tok.isNot(clang::tok::eof)) {
      emit.token(tok);
      pp.Lex(tok);
    }
    emit.finish();
  }

 private:
  preprocessed& out_;
};

}  // namespace

preprocessed preprocess(const std::string& source, const std::string& source_name,
                        const std::string& build_options) {
  preprocessed out;
  std::string diag_text;
  llvm::raw_string_ostream diag_os(diag_text);

  out.standard = requested_standard(build_options);
  std::vector<std::string> args = base_cc1_args(out.standard);
  for (auto& a : preprocessor_args(build_options)) args.push_back(a);
  const std::string main_name = source_name.empty() ? "<string>" : source_name;
  args.push_back(main_name);
  std::vector<const char*> argv;
  for (auto& a : args) argv.push_back(a.c_str());

  auto ci = std::make_unique<clang::CompilerInstance>();
  auto* printer = new clang::TextDiagnosticPrinter(diag_os, presumed_locations());
  ci->createDiagnostics(printer, /*ShouldOwnClient=*/true);
  auto inv = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*inv, argv, ci->getDiagnostics())) {
    diag_os.flush();
    out.diagnostics = diag_text;
    return out;
  }
  inv->getPreprocessorOpts().addRemappedFile(
      main_name, llvm::MemoryBuffer::getMemBufferCopy(source, main_name).release());
  ci->setInvocation(inv);
  preprocess_action action(out);
  bool ran = ci->ExecuteAction(action);
  diag_os.flush();
  out.diagnostics = diag_text;
  out.ok = ran && !ci->getDiagnostics().hasErrorOccurred();
  return out;
}

}  // namespace ampcl::debug::detail
