// One kernel entry instantiation -> one OpenCL C program. The entry's arguments
// (the functor and, untiled, the extent) arrive flattened into kernel parameters
// and are rebuilt in private memory by the prologue; the table of those
// parameters (host_param) tells the host which bytes to pass for each.
#include <clang/AST/Mangle.h>
#include <clang/AST/RecordLayout.h>
#include <clang/Basic/SourceManager.h>

#include <algorithm>
#include <cstdint>

#include "lower.hpp"
#include "read_only_params.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

bool is_view(const RecordDecl* rd) {
  for (const FieldDecl* f : rd->fields())
    if (has_annotation(f, "ampcl_global")) return true;
  return false;
}

// True when a record cannot travel as one by-value kernel argument: OpenCL C
// forbids pointers and bool in kernel argument structs, and views need their
// buffer bound separately.
bool needs_split(QualType t) {
  t = t.getCanonicalType();
  if (t->isReferenceType() || t->isPointerType() || t->isBooleanType()) return true;
  if (const auto* a = dyn_cast<ArrayType>(t.getTypePtr())) return needs_split(a->getElementType());
  const RecordDecl* rd = t->getAsRecordDecl();
  if (!rd) return false;
  if (is_view(rd)) return true;
  if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd))
    for (const CXXBaseSpecifier& b : cxx->bases())
      if (needs_split(b.getType())) return true;
  for (const FieldDecl* f : rd->fields())
    if (has_annotation(f, "ampcl_host_only") || has_annotation(f, "ampcl_view_core") ||
        has_image_field(f) || needs_split(f->getType()))
      return true;
  return false;
}

}  // namespace

void lowering::flatten(QualType t, const std::string& target, host_param host,
                       const std::string& name, std::vector<kernel_param_out>& out,
                       int& local_count, std::string& locals) {
  t = t.getCanonicalType();
  const unsigned here = host.path.empty() ? 0 : host.path.back().offset;
  auto at = [&](std::int64_t extra) {
    host_param h = host;
    if (h.path.empty()) h.path.push_back({});
    h.path.back().offset = here + static_cast<unsigned>(extra);
    return h;
  };
  auto scalar = [&](const std::string& decl_type, const std::string& store_value, unsigned size) {
    kernel_param_out p;
    const std::string pname = fresh(name.empty() ? "arg" : name);
    p.declaration = decl_type + " " + pname;
    p.store = target + " = " + (store_value.empty() ? pname : store_value + "(" + pname + ")") + ";";
    p.host = at(0);
    p.host.what = host_param::kind::bytes;
    p.host.size = size;
    out.push_back(p);
  };

  if (const RecordDecl* rd = t->getAsRecordDecl()) {
    if (!needs_split(t)) {
      if (rd->field_empty() && (!isa<CXXRecordDecl>(rd) || cast<CXXRecordDecl>(rd)->isEmpty()))
        return;  // nothing to pass
      scalar(type(t), "", static_cast<unsigned>(ctx.getTypeSizeInChars(t).getQuantity()));
      return;
    }
    const ASTRecordLayout& layout = ctx.getASTRecordLayout(rd);
    if (is_view(rd)) {
      std::int64_t core = -1;
      for (const FieldDecl* f : rd->fields())
        if (has_annotation(f, "ampcl_view_core"))
          core = static_cast<std::int64_t>(layout.getFieldOffset(f->getFieldIndex()) / 8);
      for (const FieldDecl* f : rd->fields()) {
        const std::int64_t off = static_cast<std::int64_t>(layout.getFieldOffset(f->getFieldIndex()) / 8);
        if (has_annotation(f, "ampcl_host_only") || has_annotation(f, "ampcl_view_core")) continue;
        if (has_annotation(f, "ampcl_global")) {
          QualType elem = f->getType()->getPointeeType();
          kernel_param_out p;
          const std::string pname = fresh(name.empty() ? "view" : name);
          // const elements: the launch copies nothing back.
          p.declaration = "__global " + std::string(elem.isConstQualified() ? "const " : "") +
                          declare(elem, levels(), "*" + pname);
          p.store = target + "." + field_name(f) + " = (" +
                    declare(f->getType(), levels{space::global}, "") + ")" + pname + ";";
          p.host = at(0);
          p.host.what = host_param::kind::view;
          p.host.size = static_cast<unsigned>(core);
          out.push_back(p);
          continue;
        }
        host_param h = at(off);
        flatten(f->getType(), target + "." + field_name(f), h,
                name + "_" + sanitize(f->getName().str()), out, local_count, locals);
      }
      return;
    }
    if (const auto* cxx = dyn_cast<CXXRecordDecl>(rd)) {
      for (const CXXBaseSpecifier& b : cxx->bases()) {
        const CXXRecordDecl* base_rd = b.getType()->getAsCXXRecordDecl();
        if (base_rd->isEmpty()) continue;
        flatten(b.getType(), target + ".base_" + sanitize(base_rd->getName().str()),
                at(layout.getBaseClassOffset(base_rd).getQuantity()), name, out, local_count,
                locals);
      }
    }
    // The functor's own fields are where its textures are found (images.cpp).
    struct level_guard {
      int& level;
      const FieldDecl*& top;
      const FieldDecl* saved;
      ~level_guard() {
        --level;
        top = saved;
      }
    } guard{++flatten_level, flatten_top, flatten_top};
    for (const FieldDecl* f : rd->fields()) {
      const std::int64_t off = static_cast<std::int64_t>(layout.getFieldOffset(f->getFieldIndex()) / 8);
      const std::string sub = name.empty() ? field_name(f) : name + "_" + field_name(f);
      if (flatten_level == 1) flatten_top = f;
      if (has_image_field(f)) {
        add_image_slot(f, target, at(off), out);
        continue;
      }
      if (f->getType()->isReferenceType()) {
        // A reference member (an array captured by reference): rebuild what it
        // refers to in private memory and point the member at it.
        const QualType pointee = f->getType()->getPointeeType();
        const std::string local = "ref" + std::to_string(local_count++);
        locals += "  " + declare(pointee, levels(), local) + ";\n";
        host_param h = at(off);
        h.path.back().deref = true;
        h.path.push_back({});
        flatten(pointee, local, h, sub, out, local_count, locals);
        kernel_param_out link;
        link.store = target + "." + field_name(f) + " = &" + local + ";";
        out.push_back(link);
        levels lv{space::priv};  // and the views it holds: global
        settle(lv, f->getType());
        fields[f] = lv;
        continue;
      }
      if (f->getType()->isPointerType()) {
        error(f->getLocation(), "the kernel captures the pointer '" + f->getNameAsString() +
                                    "': pointers cannot be passed to the device; use an "
                                    "array_view");
        continue;
      }
      flatten(f->getType(), target + "." + field_name(f), at(off), sub, out, local_count, locals);
    }
    return;
  }
  if (const auto* a = dyn_cast<ConstantArrayType>(t.getTypePtr())) {
    const QualType elem = a->getElementType();
    const std::int64_t size = ctx.getTypeSizeInChars(elem).getQuantity();
    for (std::uint64_t i = 0; i < a->getSize().getZExtValue(); ++i)
      flatten(elem, target + "[" + std::to_string(i) + "]", at(static_cast<std::int64_t>(i) * size),
              name + "_" + std::to_string(i), out, local_count, locals);
    return;
  }
  if (t->isBooleanType()) {
    scalar("uchar", "(bool)", 1);
    return;
  }
  if (t->isPointerType()) {
    error(SourceLocation(), "a kernel argument holds a pointer, which cannot reach the device");
    return;
  }
  scalar(type(t), "", static_cast<unsigned>(ctx.getTypeSizeInChars(t).getQuantity()));
}

namespace {

// A tiled kernel's tile size, known when it is compiled: the driver then fits the
// kernel to it (on NVIDIA, registers enough for a 1024-thread tile) instead of
// sizing it for any tile and refusing the large ones at launch. AMP dimension d
// is OpenCL dimension rank-1-d (lib/launch/launch.cpp).
std::string work_group_size_attribute(const std::vector<std::int64_t>& tile) {
  std::vector<std::int64_t> sizes;
  for (std::int64_t d : tile)
    if (d > 0) sizes.insert(sizes.begin(), d);
  if (sizes.empty()) return "";
  sizes.resize(3, 1);
  return "__attribute__((reqd_work_group_size(" + std::to_string(sizes[0]) + ", " +
         std::to_string(sizes[1]) + ", " + std::to_string(sizes[2]) + "))) ";
}

}  // namespace

bool lowering::lower_kernel(const FunctionDecl* entry, kernel_out& out) {
  kernel_entry = entry;
  const TemplateArgumentList* targs = entry->getTemplateSpecializationArgs();
  if (!targs) {
    error(entry->getLocation(), "a kernel entry that is not a template instantiation");
    return false;
  }
  // The functor type and the entry's spelling, as the host computes them.
  QualType functor;
  std::string entry_text = entry->getNameAsString() + "<";
  std::vector<std::int64_t> tile;  // tiled_kernel_entry<D0, D1, D2>: 0 for an unused dimension
  for (const TemplateArgument& a : targs->asArray()) {
    if (a.getKind() == TemplateArgument::Type) functor = a.getAsType();
    if (a.getKind() == TemplateArgument::Integral) {
      entry_text += (tile.empty() ? "" : ",") + std::to_string(a.getAsIntegral().getExtValue());
      tile.push_back(a.getAsIntegral().getExtValue());
    }
  }
  entry_text += ">";
  if (entry->getName() != "tiled_kernel_entry") tile.clear();
  std::unique_ptr<MangleContext> mangle(ctx.createMangleContext());
  std::string mangled;
  llvm::raw_string_ostream ms(mangled);
  mangle->mangleCXXRTTIName(functor.getCanonicalType(), ms);
  ms.flush();
  if (mangled.rfind("_ZTS", 0) == 0) mangled = mangled.substr(4);
  out.functor = mangled;
  out.entry = entry_text;
  out.functor_size = static_cast<unsigned>(ctx.getTypeSizeInChars(functor).getQuantity());

  // The kernel's name: the lambda's function and line, or the functor's class.
  std::string kname = "kernel";
  if (const CXXRecordDecl* rd = functor->getAsCXXRecordDecl()) {
    if (rd->isLambda()) {
      const auto* parent = dyn_cast<FunctionDecl>(rd->getDeclContext());
      PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(rd->getLocation()));
      kname = (parent ? parent->getNameAsString() : std::string("lambda")) + "_line" +
              std::to_string(p.isValid() ? p.getLine() : 0);
    } else {
      kname = rd->getNameAsString();
    }
  }
  out.name = fresh(kname);

  // Parameters and prologue.
  std::vector<kernel_param_out> params;
  std::string locals, stores;
  int local_count = 0;
  std::vector<std::string> arg_names;
  for (unsigned i = 0; i < entry->getNumParams(); ++i) {
    const ParmVarDecl* p = entry->getParamDecl(i);
    const QualType t = p->getType().getNonReferenceType().getUnqualifiedType();
    const std::string local = "arg" + std::to_string(i);
    arg_names.push_back(local);
    locals += "  " + declare(t, levels(), local) + ";\n";
    host_param h;
    h.arg = i;
    h.path.push_back({});
    const std::string prefix = i == 0 ? "" : p->getName().str();
    flatten(t, local, h, prefix, params, local_count, locals);
  }
  if (failed()) return false;

  // Analyse to a fixed point, then emit from the entry down.
  levels key;  // the functor and extent in private memory, their views global
  for (const ParmVarDecl* p : entry->parameters()) {
    const levels d = defaults(p->getType());
    key.insert(key.end(), d.begin(), d.end());
  }
  for (int pass = 0; pass < 32; ++pass) {
    for (auto& [k, c] : clones) c.analyzed_in_pass = false;
    changed = false;
    request(entry, key);
    if (!changed || failed()) break;
  }
  if (failed()) return false;
  clone& top = request(entry, key);
  emit_function(top);
  if (failed()) return false;

  // Assemble the program.
  std::string functions;
  for (clone* c : emitted) functions += function_texts[c] + "\n";
  std::string image_helpers_text, image_args;
  bool writes_3d = false;
  finish_images(params, functions, image_helpers_text, image_args, writes_3d);
  std::string src = "// Generated by ampcl-c++ from C++ AMP source: the kernel " + out.name + ".\n";
  if (uses_double) src += "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n";
  if (writes_3d) src += "#pragma OPENCL EXTENSION cl_khr_3d_image_writes : enable\n";
  // precise_math's float hyperbolics (amp_math.h): in double where the device has it.
  if (functions.find("__ampcl_via_double") != std::string::npos)
    src +=
        "#if defined(cl_khr_fp64)\n#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"
        "#define __ampcl_via_double(f, x) ((float)f((double)(x)))\n#else\n"
        "#define __ampcl_via_double(f, x) f(x)\n#endif\n";
  src += "\n";
  for (const std::string& t : record_typedefs) src += t;
  src += "\n";
  for (const std::string& r : record_order) src += r + "\n";
  for (const std::string& d : constant_decls) src += d;
  if (!constant_decls.empty()) src += "\n";
  src += image_helpers_text;
  for (const auto& [name, text] : private_atomics) src += text + "\n";
  src += functions;
  std::string body = ") {\n";
  for (const VarDecl* v : top.tile_statics)
    body += "  __local " + declare(v->getType(), levels(), tile_static_name(v)) + ";\n";
  body += locals;
  for (const kernel_param_out& p : params) body += "  " + p.store + "\n";
  body += "  " + top.name + "(";
  for (std::size_t i = 0; i < arg_names.size(); ++i) body += (i ? ", &" : "&") + arg_names[i];
  for (const VarDecl* v : top.tile_statics)
    body += std::string(arg_names.empty() ? "" : ", ") + "&" + tile_static_name(v);
  if (!image_args.empty()) body += ", " + image_args;
  body += ");\n}\n";

  std::vector<kernel_param_out*> declared;
  for (kernel_param_out& p : params)
    if (!p.declaration.empty()) declared.push_back(&p);
  const auto program = [&] {
    std::string text =
        src + "__kernel " + work_group_size_attribute(tile) + "void " + out.name + "(";
    for (std::size_t i = 0; i < declared.size(); ++i)
      text += (i ? ",\n    " : "") + declared[i]->declaration;
    return text + (declared.empty() ? "void" : "") + body;
  };
  out.source = program();
  if (const_read_only_params(declared, out.source, out.name)) out.source = program();
  for (const kernel_param_out* p : declared) out.params.push_back(p->host);
  return true;
}

// A __global pointer the kernel never writes through becomes `const`, so that a
// launch leaves the host's copy of its data current (read_only_params.hpp).
bool lowering::const_read_only_params(std::vector<kernel_param_out*>& declared,
                                      const std::string& source, const std::string& kernel) {
  static const std::string global = "__global ";
  const auto writable = [](const kernel_param_out* p) {
    return p->declaration.rfind(global, 0) == 0 &&
           p->declaration.compare(global.size(), 6, "const ") != 0;
  };
  if (std::none_of(declared.begin(), declared.end(), writable) || clang_resource_dir.empty())
    return false;
  const std::vector<bool> read_only = read_only_global_params(source, kernel, clang_resource_dir);
  if (read_only.size() != declared.size()) return false;
  bool changed = false;
  for (std::size_t i = 0; i < declared.size(); ++i) {
    if (!read_only[i] || !writable(declared[i])) continue;
    declared[i]->declaration.insert(global.size(), "const ");
    changed = true;
  }
  return changed;
}

lowering::lowering(ASTContext& c, std::vector<diagnostic>& d, std::string resource_dir)
    : clang_resource_dir(std::move(resource_dir)), ctx(c), sm(c.getSourceManager()), diags_(d) {}

void lowering::error(SourceLocation loc, const std::string& text) {
  failed_ = true;
  diagnostic d;
  d.text = text;
  if (loc.isValid()) {
    PresumedLoc p = sm.getPresumedLoc(sm.getExpansionLoc(loc));
    if (p.isValid()) {
      d.file = p.getFilename();
      d.line = p.getLine();
      d.column = p.getColumn();
    }
  }
  for (const diagnostic& old : diags_)
    if (old.file == d.file && old.line == d.line && old.text == d.text) return;
  diags_.push_back(d);
}

std::string diagnostic::format() const {
  std::string where = file.empty() ? "ampcl-c++" : file + ":" + std::to_string(line) + ":" + std::to_string(column);
  return where + ": " + (error ? "error: " : "warning: ") + text;
}

}  // namespace ampcl::translate
