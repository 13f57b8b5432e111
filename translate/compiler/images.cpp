// Textures and samplers (<amp_graphics.h>) as OpenCL 1.2 images and samplers.
//
// OpenCL C 1.2 keeps images and samplers out of structs, variables and pointers:
// they exist only as parameters. So every texture, texture view and sampler the
// functor holds becomes a kernel parameter (a slot), device code keeps only the
// slot's number (the handle's _M_slot, stored by the prologue), and every function
// of the program takes all the slots' parameters after its own. A read, write or
// sample is a call of a dispatch helper that switches on the slot number; OpenCL
// compilers fold the switch once the slot is a known constant.
//
// An image parameter is __read_only or __write_only. Which one a slot needs is
// what the kernel does with it: the members annotated ampcl_image_access ("read",
// "write") say so at each call, for the functor's own texture when the object is
// one of its fields, else for every texture of that rank. A slot both read and
// written gets both parameters, bound to the same image.
#include "lower.hpp"

namespace ampcl::translate {

using namespace clang;

namespace {

const char* const params_mark = "@IMGP@";
const char* const args_mark = "@IMGA@";

bool annotated(const FunctionDecl* fn, llvm::StringRef key, std::string* value) {
  for (const FunctionDecl* d : fn->redecls())
    if (has_annotation(d, key, value)) return true;
  if (const FunctionDecl* t = fn->getTemplateInstantiationPattern())
    for (const FunctionDecl* d : t->redecls())
      if (has_annotation(d, key, value)) return true;
  if (const auto* md = dyn_cast<CXXMethodDecl>(fn))
    if (const FunctionDecl* m = md->getInstantiatedFromMemberFunction())
      for (const FunctionDecl* d : m->redecls())
        if (has_annotation(d, key, value)) return true;
  return false;
}

bool holds_image(const RecordDecl* rd) {
  if (!rd) return false;
  for (const FieldDecl* f : rd->fields())
    if (has_annotation(f, "ampcl_image") || has_annotation(f, "ampcl_sampler")) return true;
  return false;
}

// The rank of a texture type (its second template argument), 0 when unknown.
int texture_rank(QualType t) {
  t = t.getNonReferenceType();
  if (t->isPointerType()) t = t->getPointeeType();
  const auto* spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() < 2) return 0;
  const TemplateArgument& a = spec->getTemplateArgs()[1];
  return a.getKind() == TemplateArgument::Integral
             ? static_cast<int>(a.getAsIntegral().getExtValue())
             : 0;
}

const char* image_type(int rank) {
  return rank == 1 ? "image1d_t" : rank == 2 ? "image2d_t" : "image3d_t";
}

std::string int_coord(int rank) {
  return rank == 1 ? "i0" : rank == 2 ? "(int2)(i1, i0)" : "(int4)(i2, i1, i0, 0)";
}
std::string float_coord(int rank) {
  return rank == 1 ? "x" : rank == 2 ? "(float2)(x, y)" : "(float4)(x, y, z, 0.0f)";
}

const char* address_flag(long a) {
  switch (a) {
    case 0:
      return "CLK_ADDRESS_REPEAT";
    case 1:
      return "CLK_ADDRESS_MIRRORED_REPEAT";
    case 3:
      return "CLK_ADDRESS_CLAMP";
    default:
      return "CLK_ADDRESS_CLAMP_TO_EDGE";
  }
}

}  // namespace

bool has_image_field(const FieldDecl* f) {
  return has_annotation(f, "ampcl_image") || has_annotation(f, "ampcl_sampler");
}

void lowering::add_image_slot(const FieldDecl* f, const std::string& target, host_param h,
                              std::vector<kernel_param_out>& out) {
  image_slot s;
  std::string access;
  s.is_sampler = has_annotation(f, "ampcl_sampler");
  if (!s.is_sampler) {
    has_annotation(f, "ampcl_image", &access);
    s.can_read = access.find('r') != std::string::npos;
    s.can_write = access.find('w') != std::string::npos;
    s.rank = texture_rank(ctx.getRecordType(f->getParent()));
    if (s.rank < 1 || s.rank > 3) {
      error(f->getLocation(),
            "a texture of rank " + std::to_string(s.rank) + ": OpenCL images have rank 1, 2 or 3");
      return;
    }
  }
  s.top = flatten_top;
  s.host = h;
  const int k = static_cast<int>(image_slots.size());
  s.name = std::string(s.is_sampler ? "__smp" : "__img") + std::to_string(k);
  // The handle's slot number, stored by the prologue.
  const CXXRecordDecl* handle = f->getType()->getAsCXXRecordDecl();
  std::string slot_field = "_M_slot";
  if (handle)
    for (const FieldDecl* hf : handle->fields())
      if (hf->getName() == "_M_slot") slot_field = field_name(hf);
  kernel_param_out p;
  p.store = target + "." + field_name(f) + "." + slot_field + " = " + std::to_string(k) + "u;";
  p.image_slot = k;
  out.push_back(p);
  image_slots.push_back(s);
}

void lowering::note_image_access(clone& c, const FunctionDecl* fn, const Expr* object) {
  std::string access;
  if (image_slots.empty() || !annotated(fn, "ampcl_image_access", &access)) return;
  // The headers' own forwarding (operator() calling get()) says nothing new.
  if (const auto* md = dyn_cast<CXXMethodDecl>(c.fn); md && holds_image(md->getParent())) return;
  const bool write = access == "write";
  auto mark = [&](image_slot& s) {
    if (s.is_sampler) return;
    if (write && s.can_write) s.write = true;
    if (!write && s.can_read) s.read = true;
  };
  if (object) {
    const Expr* o = object->IgnoreParenImpCasts();
    const FieldDecl* field = nullptr;
    if (const auto* dre = dyn_cast<DeclRefExpr>(o)) {
      if (const auto* v = dyn_cast<VarDecl>(dre->getDecl())) field = capture_field(c.fn, v);
    } else if (const auto* me = dyn_cast<MemberExpr>(o)) {
      if (isa<CXXThisExpr>(me->getBase()->IgnoreParenImpCasts()))
        field = dyn_cast<FieldDecl>(me->getMemberDecl());
    }
    bool found = false;
    if (field)
      for (image_slot& s : image_slots)
        if (s.top == field && !s.is_sampler) {
          mark(s);
          found = true;
        }
    if (found) return;
  }
  // Not one of the functor's own: every texture of the object's rank.
  const int rank = object ? texture_rank(object->getType()) : 0;
  for (image_slot& s : image_slots)
    if (rank == 0 || s.rank == rank) mark(s);
}

std::string lowering::image_params_mark() const {
  return image_slots.empty() ? std::string() : std::string(params_mark);
}
std::string lowering::image_args_mark() const {
  return image_slots.empty() ? std::string() : std::string(args_mark);
}

namespace {

long constant_arg(const std::string& text) {
  const std::size_t at = text.find_first_of("0123456789");
  return at == std::string::npos ? 0 : std::strtol(text.c_str() + at, nullptr, 10);
}

}  // namespace

std::string lowering::image_builtin(const std::string& op, const std::vector<std::string>& a,
                                    const FunctionDecl* fn, SourceLocation site) {
  // The raw vector type (float_4, int_4, uint_4): the result, or a store's value.
  const QualType raw =
      op == "store" ? fn->getParamDecl(fn->getNumParams() - 1)->getType() : fn->getReturnType();
  const CXXRecordDecl* rd = raw->getAsCXXRecordDecl();
  std::vector<std::string> comps;
  if (rd)
    for (const FieldDecl* f : rd->fields()) comps.push_back(field_name(f));
  if (!rd || comps.size() != 4) {
    error(site, "internal: an image primitive without a 4-component vector type");
    return "0";
  }
  image_helper h;
  h.op = op;
  const std::string rname = rd->getName().str();
  h.k = rname == "int_4" ? "i" : rname == "uint_4" ? "ui" : "f";
  h.vec = h.k == "i" ? "int4" : h.k == "ui" ? "uint4" : "float4";
  h.rtype = type(raw.getUnqualifiedType());
  h.comps = comps;
  std::string name = "__ampcl_image_" + op + "_" + h.k;
  std::string text;
  auto join = [&](std::size_t from, std::size_t to) {
    std::string t;
    for (std::size_t i = from; i < to && i < a.size(); ++i) t += a[i] + ", ";
    return t;
  };
  if (op == "load") {
    text = join(0, 4);
  } else if (op == "store") {
    text = join(0, 5);
  } else if (op == "sample" || op == "gather") {
    text = join(0, 5);
  } else if (op == "sample_fixed") {
    // slot, filter, address, x, y, z: the filter and address are template arguments.
    h.filter = constant_arg(a[1]);
    h.address = constant_arg(a[2]);
    name += "_" + std::to_string(h.filter) + "_" + std::to_string(h.address);
    text = a[0] + ", 0u, " + join(3, 6);
  } else if (op == "gather_fixed") {
    // slot, address, component, x, y.
    h.address = constant_arg(a[1]);
    name += "_" + std::to_string(h.address);
    text = a[0] + ", 0u, " + join(2, 5);
  } else {
    error(site, "internal: unknown image primitive '" + op + "'");
    return "0";
  }
  h.name = name;
  image_helpers[name] = h;
  return name + "(" + text + args_mark + ")";
}

std::string lowering::image_helper_text(const image_helper& h) {
  const std::string to_raw = "  " + h.rtype + " r;\n  r." + h.comps[0] + " = v.x;\n  r." +
                             h.comps[1] + " = v.y;\n  r." + h.comps[2] + " = v.z;\n  r." +
                             h.comps[3] + " = v.w;\n  return r;\n";
  std::string body;
  if (h.op == "load") {
    body = h.rtype + " " + h.name + "(uint slot, int i0, int i1, int i2, " + params_mark +
           ") {\n  " + h.vec + " v = (" + h.vec + ")(0);\n  switch (slot) {\n";
    for (std::size_t s = 0; s < image_slots.size(); ++s) {
      const image_slot& is = image_slots[s];
      if (is.is_sampler || !is.read_param) continue;
      body += "    case " + std::to_string(s) + "u: v = read_image" + h.k + "(" + is.name + ", " +
              int_coord(is.rank) + "); break;\n";
    }
    return body + "  }\n" + to_raw + "}\n";
  }
  if (h.op == "store") {
    body = "void " + h.name + "(uint slot, int i0, int i1, int i2, " + h.rtype + " value, " +
           params_mark + ") {\n  const " + h.vec + " v = (" + h.vec + ")(value." + h.comps[0] +
           ", value." + h.comps[1] + ", value." + h.comps[2] + ", value." + h.comps[3] +
           ");\n  switch (slot) {\n";
    for (std::size_t s = 0; s < image_slots.size(); ++s) {
      const image_slot& is = image_slots[s];
      if (is.is_sampler || !is.write_param) continue;
      body += "    case " + std::to_string(s) + "u: write_image" + h.k + "(" + is.name + "w, " +
              int_coord(is.rank) + ", v); break;\n";
    }
    return body + "  }\n}\n";
  }
  const bool gather = h.op.rfind("gather", 0) == 0;
  const bool fixed = h.op.find("_fixed") != std::string::npos;
  std::string prefix;
  std::string smp_const;
  if (fixed) {
    const bool linear = !gather && h.filter != 0;
    smp_const = h.name + "_sampler";
    prefix = "__constant sampler_t " + smp_const + " = CLK_NORMALIZED_COORDS_TRUE | " +
             address_flag(h.address) + " | " +
             (linear ? "CLK_FILTER_LINEAR" : "CLK_FILTER_NEAREST") + ";\n";
  }
  body = prefix + h.rtype + " " + h.name + "(uint slot, uint smp, " +
         (gather ? "int comp, float x, float y, " : "float x, float y, float z, ") + params_mark +
         ") {\n  float4 v = (float4)(0.0f);\n";
  for (std::size_t s = 0; s < image_slots.size(); ++s) {
    const image_slot& is = image_slots[s];
    if (is.is_sampler || !is.read_param || (gather && is.rank != 2)) continue;
    auto read = [&](const std::string& smp) {
      return gather ? "__ampcl_gather2(" + is.name + ", " + smp + ", comp, x, y)"
                    : "read_imagef(" + is.name + ", " + smp + ", " + float_coord(is.rank) + ")";
    };
    if (fixed) {
      body += "  if (slot == " + std::to_string(s) + "u) v = " + read(smp_const) + ";\n";
      continue;
    }
    for (std::size_t m = 0; m < image_slots.size(); ++m) {
      if (!image_slots[m].is_sampler) continue;
      body += "  if (slot == " + std::to_string(s) + "u && smp == " + std::to_string(m) +
              "u) v = " + read(image_slots[m].name) + ";\n";
    }
  }
  return body + "  (void)smp;\n" + to_raw + "}\n";
}

// Four samples at the centres of the 2x2 texels bilinear sampling at (x, y) blends,
// in Direct3D's Gather order: (u0, v1), (u1, v1), (u1, v0), (u0, v0).
static const char* const gather_helper =
    "float4 __ampcl_gather2(__read_only image2d_t img, sampler_t s, int comp, float x, float y) {\n"
    "  const float2 size = (float2)((float)get_image_width(img), (float)get_image_height(img));\n"
    "  const float2 base = floor((float2)(x, y) * size - 0.5f) + 0.5f;\n"
    "  float4 t[4];\n"
    "  t[0] = read_imagef(img, s, (base + (float2)(0.0f, 1.0f)) / size);\n"
    "  t[1] = read_imagef(img, s, (base + (float2)(1.0f, 1.0f)) / size);\n"
    "  t[2] = read_imagef(img, s, (base + (float2)(1.0f, 0.0f)) / size);\n"
    "  t[3] = read_imagef(img, s, base / size);\n"
    "  float4 r;\n"
    "  r.x = comp == 0 ? t[0].x : comp == 1 ? t[0].y : comp == 2 ? t[0].z : t[0].w;\n"
    "  r.y = comp == 0 ? t[1].x : comp == 1 ? t[1].y : comp == 2 ? t[1].z : t[1].w;\n"
    "  r.z = comp == 0 ? t[2].x : comp == 1 ? t[2].y : comp == 2 ? t[2].z : t[2].w;\n"
    "  r.w = comp == 0 ? t[3].x : comp == 1 ? t[3].y : comp == 2 ? t[3].z : t[3].w;\n"
    "  return r;\n"
    "}\n";

void lowering::decide_image_params() {
  for (image_slot& s : image_slots) {
    if (s.is_sampler) continue;
    s.read_param = s.can_read && (s.read || !s.write || !s.can_write);
    s.write_param = s.can_write && (s.write || !s.can_read);
  }
}

void lowering::finish_images(std::vector<kernel_param_out>& params, std::string& program_text,
                             std::string& helpers, std::string& top_args, bool& writes_3d) {
  if (image_slots.empty()) return;
  decide_image_params();
  std::string decls, args;
  auto add = [&](const std::string& d, const std::string& n) {
    decls += (decls.empty() ? "" : ", ") + d;
    args += (args.empty() ? "" : ", ") + n;
  };
  for (const image_slot& s : image_slots) {
    if (s.is_sampler) {
      add("sampler_t " + s.name, s.name);
      continue;
    }
    if (s.read_param) add(std::string("__read_only ") + image_type(s.rank) + " " + s.name, s.name);
    if (s.write_param) {
      add(std::string("__write_only ") + image_type(s.rank) + " " + s.name + "w", s.name + "w");
      if (s.rank == 3) writes_3d = true;
    }
  }
  // The kernel's parameters: each slot's placeholder becomes its parameters.
  std::vector<kernel_param_out> out;
  for (kernel_param_out& p : params) {
    if (p.image_slot < 0) {
      out.push_back(p);
      continue;
    }
    const image_slot& s = image_slots[static_cast<std::size_t>(p.image_slot)];
    kernel_param_out first = p;
    auto make = [&](const std::string& decl, host_param::kind kind) {
      kernel_param_out q;
      q.declaration = decl;
      q.host = s.host;
      q.host.what = kind;
      q.host.size = static_cast<unsigned>(s.rank);
      return q;
    };
    std::vector<kernel_param_out> made;
    if (s.is_sampler) made.push_back(make("sampler_t " + s.name, host_param::kind::sampler));
    if (s.read_param)
      made.push_back(make(std::string("__read_only ") + image_type(s.rank) + " " + s.name,
                          host_param::kind::image_read));
    if (s.write_param)
      made.push_back(make(std::string("__write_only ") + image_type(s.rank) + " " + s.name + "w",
                          host_param::kind::image_write));
    made.front().store = p.store;
    out.insert(out.end(), made.begin(), made.end());
  }
  params = std::move(out);

  bool gathers = false;
  for (const auto& [name, h] : image_helpers) gathers = gathers || h.op.rfind("gather", 0) == 0;
  if (gathers) helpers += std::string(gather_helper) + "\n";
  for (const auto& [name, h] : image_helpers) helpers += image_helper_text(h) + "\n";
  auto replace_all = [](std::string& s, const std::string& from, const std::string& to) {
    for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
      s.replace(at, from.size(), to);
  };
  replace_all(helpers, params_mark, decls);
  replace_all(helpers, args_mark, args);
  replace_all(program_text, params_mark, decls);
  replace_all(program_text, args_mark, args);
  top_args = args;
}

}  // namespace ampcl::translate
