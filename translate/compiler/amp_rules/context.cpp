#include "context.hpp"

#include <clang/AST/ASTLambda.h>
#include <clang/AST/Attr.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>

#include "type_rules.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

std::string real_dir(const std::string& dir) {
  llvm::SmallString<256> real;
  if (dir.empty() || llvm::sys::fs::real_path(dir, real)) return dir;
  return real.str().str();
}

bool under(llvm::StringRef path, llvm::StringRef dir) {
  return !dir.empty() && path.startswith(dir) &&
         (path.size() == dir.size() || llvm::sys::path::is_separator(path[dir.size()]));
}

}  // namespace

amp_context::amp_context(ASTContext& c, const std::vector<std::string>& trusted_dirs,
                         std::vector<diagnostic>& out)
    : ctx(c), sm(c.getSourceManager()), out_(out) {
  for (const std::string& d : trusted_dirs) trusted_dirs_.push_back(real_dir(d));
}

void amp_context::report(SourceLocation loc, const std::string& text) { add(loc, text, true); }

void amp_context::warn(SourceLocation loc, const std::string& text) { add(loc, text, false); }

void amp_context::add(SourceLocation loc, const std::string& text, bool error) {
  failed_ |= error;
  diagnostic d;
  d.error = error;
  d.text = text;
  if (loc.isValid()) {
    const PresumedLoc p = sm.getPresumedLoc(sm.getFileLoc(loc));
    if (p.isValid()) {
      d.file = p.getFilename();
      d.line = p.getLine();
      d.column = p.getColumn();
    }
  }
  for (const diagnostic& old : out_)
    if (old.file == d.file && old.line == d.line && old.text == d.text) return;
  out_.push_back(d);
}

bool amp_context::user_code(SourceLocation loc) const {
  if (loc.isInvalid()) return false;
  const SourceLocation at = sm.getExpansionLoc(loc);
  const FileID id = sm.getFileID(at);
  const auto known = user_files_.find(id);
  if (known != user_files_.end()) return known->second;
  bool user = false;
  if (!sm.isInSystemHeader(at)) {
    if (const FileEntry* file = sm.getFileEntryForID(id)) {  // not <built-in>, <command line>
      llvm::StringRef dir = file->getDir()->getName();
      llvm::SmallString<256> real;
      const bool resolved = !llvm::sys::fs::real_path(dir, real);
      user = true;
      for (const std::string& trusted : trusted_dirs_)
        if (under(dir, trusted) || (resolved && under(real, trusted))) user = false;
    }
  }
  user_files_[id] = user;
  return user;
}

bool amp_context::written_amp(const FunctionDecl* fn) {
  const auto* a = fn->getAttr<CUDADeviceAttr>();
  return a && !a->isImplicit();
}

bool amp_context::written_cpu(const FunctionDecl* fn) {
  const auto* a = fn->getAttr<CUDAHostAttr>();
  return a && !a->isImplicit();
}

bool amp_context::amp_side(const FunctionDecl* fn) const {
  if (written_amp(fn)) return true;
  if (written_cpu(fn)) return false;
  if (const auto* outer = dyn_cast_or_null<FunctionDecl>(fn->getParentFunctionOrMethod()))
    return amp_side(outer);
  return false;
}

bool amp_context::amp_callable(const FunctionDecl* fn) const {
  if (fn->getBuiltinID() != 0 || amp_side(fn)) return true;
  if (!fn->hasAttr<CUDADeviceAttr>()) return false;
  // A lambda's call operator written without a specifier is restrict(cpu); its
  // implicit copy and move constructors follow its captures, as in C++ AMP.
  const auto* method = dyn_cast<CXXMethodDecl>(fn);
  return !(method && isLambdaCallOperator(method));
}

std::string amp_context::type_problem(QualType t, type_use use) {
  if (t.isNull() || t->isDependentType()) return "";
  for (const type_rule& rule : type_rules())
    if (std::string s = rule.check(t, use, *this); !s.empty()) return s;
  const QualType c = t.getCanonicalType();
  if (const auto* ref = c->getAs<ReferenceType>())
    return type_problem(ref->getPointeeType(), type_use::referee);
  if (const auto* ptr = c->getAs<PointerType>())
    return type_problem(ptr->getPointeeType(), type_use::pointee);
  if (const ArrayType* array = ctx.getAsArrayType(c))
    return type_problem(array->getElementType(), type_use::element);
  if (const CXXRecordDecl* rd = c->getAsCXXRecordDecl()) return record_problem(rd);
  return "";
}

std::string amp_context::record_problem(const CXXRecordDecl* rd) {
  rd = rd->getDefinition();
  // Undefined, a lambda (its captures are checked where it is written), or a
  // class of the trusted headers (concurrency::array_view, index, ...).
  if (!rd || rd->isLambda() || trusted_record(rd)) return "";
  const auto known = record_problems_.find(rd);
  if (known != record_problems_.end()) return known->second;
  record_problems_[rd] = "";  // a class that refers to itself (through a pointer) is not a cycle
  std::string problem;
  for (const class_rule& rule : class_rules())
    if (problem.empty()) problem = rule.check(*rd, *this);
  for (const CXXBaseSpecifier& base : rd->bases()) {
    if (!problem.empty()) break;
    if (std::string s = type_problem(base.getType(), type_use::base); !s.empty())
      problem = "base class " + quoted(base.getType()) + ": " + s;
  }
  for (const FieldDecl* f : rd->fields()) {
    if (!problem.empty()) break;
    if (std::string s = type_problem(f->getType(), type_use::member); !s.empty())
      problem = "member " + quoted(f) + ": " + s;
  }
  record_problems_[rd] = problem;
  return problem;
}

bool amp_context::trusted_record(const RecordDecl* rd) const { return !user_code(rd); }

bool amp_context::is_concurrency_array(QualType t) const {
  const CXXRecordDecl* rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || rd->getName() != "array" || user_code(rd)) return false;
  const auto* ns = dyn_cast<NamespaceDecl>(rd->getDeclContext());
  return ns && ns->getName() == "Concurrency";
}

bool amp_context::is_concurrency_texture(QualType t) const {
  const CXXRecordDecl* rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || rd->getName() != "texture" || user_code(rd)) return false;
  const auto* graphics = dyn_cast<NamespaceDecl>(rd->getDeclContext());
  if (!graphics || graphics->getName() != "graphics") return false;
  const auto* ns = dyn_cast<NamespaceDecl>(graphics->getDeclContext());
  return ns && ns->getName() == "Concurrency";
}

std::string amp_context::quoted(QualType t) const {
  return "'" + t.getAsString(ctx.getPrintingPolicy()) + "'";
}

std::string amp_context::quoted(const NamedDecl* d) {
  return "'" + d->getQualifiedNameAsString() + "'";
}

}  // namespace ampcl::translate::amp_rules
