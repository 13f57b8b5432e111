// 5.1 and 5.2 (array and array_view), 6 (textures) and 2.4.3.5.1 (tile_static):
// what a data container's elements may be. Wherever the user declares a
// concurrency::array or array_view (a variable, a parameter, a data member), its
// element type must be data the device copies bytewise in 4-byte words: a size
// that is a multiple of 4 bytes (MSVC's static_assert; an empty class has 1 byte,
// static members do not count), and nothing that lives outside the element (a
// texture, texture view, sampler, array or array_view, directly or as a member or
// base), no pointer, and no virtual base or virtual function (their table pointers
// are host addresses; the headers copy every other class bytewise, whatever its copy
// constructor: ampcl/concurrency/view_core.h). Nor can a tile_static variable hold a
// container.
#include <clang/AST/Attr.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include <set>
#include <utility>

#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// Concurrency::array, Concurrency::array_view and the graphics containers: the
// name ("array", "texture", ...) or "".
std::string container_name(QualType t, const amp_context& cx) {
  const CXXRecordDecl* rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || cx.user_code(rd)) return "";
  const auto* ns = dyn_cast<NamespaceDecl>(rd->getDeclContext());
  if (!ns) return "";
  const std::string name = rd->getName().str();
  if (ns->getName() == "Concurrency" && (name == "array" || name == "array_view")) return name;
  const auto* outer = dyn_cast<NamespaceDecl>(ns->getDeclContext());
  if (ns->getName() == "graphics" && outer && outer->getName() == "Concurrency" &&
      (name == "texture" || name == "texture_view" || name == "writeonly_texture_view" ||
       name == "sampler"))
    return name;
  return "";
}

// The container `t` holds, as a member, a base or itself: "texture 'Type1::a'",
// or "".
std::string held_container(QualType t, const amp_context& cx, std::set<const RecordDecl*>& seen,
                           const std::string& path) {
  t = t.getNonReferenceType();
  while (const auto* a = cx.ctx.getAsArrayType(t)) t = a->getElementType();
  const std::string name = container_name(t, cx);
  if (!name.empty())
    return (name[0] == 'a' ? "an " : "a ") + name + (path.empty() ? "" : " ('" + path + "')");
  const CXXRecordDecl* rd = t.getCanonicalType()->getAsCXXRecordDecl();
  if (!rd || !rd->hasDefinition() || !seen.insert(rd).second) return "";
  rd = rd->getDefinition();
  for (const CXXBaseSpecifier& b : rd->bases()) {
    const std::string found = held_container(b.getType(), cx, seen, path);
    if (!found.empty()) return found;
  }
  for (const FieldDecl* f : rd->fields()) {
    const std::string found =
        held_container(f->getType(), cx, seen, rd->getNameAsString() + "::" + f->getNameAsString());
    if (!found.empty()) return found;
  }
  return "";
}

class container_element : public rule {
 public:
  void check_written(const written_specifiers&, const declarations& all,
                     amp_context& cx) const override {
    std::set<std::pair<unsigned, unsigned>> reported;
    for (const DeclaratorDecl* d : all.variables) {
      if (!cx.user_code(d) || d->isImplicit() || d->getDeclContext()->isDependentContext())
        continue;
      if (const auto* rd = dyn_cast<CXXRecordDecl>(d->getDeclContext()); rd && rd->isLambda())
        continue;  // a capture: reported where the variable is declared
      if (const auto* v = dyn_cast<VarDecl>(d); v && v->hasAttr<CUDASharedAttr>()) {
        // tile_static memory is shared by a tile's threads and holds plain data.
        std::set<const RecordDecl*> seen;
        const std::string held = held_container(v->getType(), cx, seen, "");
        if (!held.empty())
          cx.report(v->getLocation(),
                    "tile_static variable '" + v->getNameAsString() + "' is or holds " + held +
                        ": tile_static memory holds plain data a tile shares; capture views, "
                        "textures and samplers in the kernel and copy what the tile needs into "
                        "tile_static data");
        continue;
      }
      QualType t = d->getType().getNonReferenceType();
      while (t->isPointerType()) t = t->getPointeeType();
      while (const auto* a = cx.ctx.getAsArrayType(t)) t = a->getElementType();
      const std::string kind = container_name(t, cx);
      if (kind != "array" && kind != "array_view") continue;
      const auto* spec = dyn_cast<ClassTemplateSpecializationDecl>(t->getAsCXXRecordDecl());
      if (!spec || spec->getTemplateArgs().size() < 1 ||
          spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
        continue;
      const QualType element = spec->getTemplateArgs()[0].getAsType();
      if (element->isIncompleteType() || element->isDependentType()) continue;
      const PresumedLoc p = cx.sm.getPresumedLoc(cx.sm.getFileLoc(d->getLocation()));
      if (!reported.insert({p.getLine(), p.getColumn()}).second) continue;
      const std::string what = cx.quoted(t.getUnqualifiedType());
      if (element->isPointerType() || element->isReferenceType() ||
          element->isMemberPointerType()) {
        cx.report(d->getLocation(),
                  what + ": the element type " + cx.quoted(element) +
                      " is a pointer; the device copies a container's elements as data, and "
                      "an address means nothing there: hold the data itself, or indices into "
                      "another container");
        continue;
      }
      if (const CXXRecordDecl* erd = element->getAsCXXRecordDecl();
          erd && erd->hasDefinition() &&
          (erd->getDefinition()->getNumVBases() > 0 || erd->getDefinition()->isPolymorphic())) {
        erd = erd->getDefinition();
        const std::string why =
            erd->getNumVBases() > 0
                ? "a virtual base class " + cx.quoted(erd->vbases_begin()->getType())
                : std::string("virtual functions");
        cx.report(d->getLocation(),
                  what + ": the element type " + cx.quoted(element) + " has " + why +
                      ", so it is not amp-compatible: the device copies a container's elements as "
                      "data, and the hidden table pointer such a class holds is a host address; "
                      "derive without 'virtual' and drop the virtual functions");
        continue;
      }
      std::set<const RecordDecl*> seen;
      const std::string held = held_container(element, cx, seen, "");
      if (!held.empty()) {
        cx.report(d->getLocation(),
                  what + ": the element type " + cx.quoted(element) + " is or holds " + held +
                      ", which lives outside the element (in device memory or an image): a "
                      "container holds plain data; keep the data itself as the element, and "
                      "capture textures and views in the kernel");
        continue;
      }
      const std::int64_t size = cx.ctx.getTypeSizeInChars(element).getQuantity();
      if (size % 4 == 0) continue;
      const auto* rd = element->getAsCXXRecordDecl();
      const bool empty = rd && rd->hasDefinition() && rd->isEmpty();
      cx.report(d->getLocation(),
                what + ": the element type " + cx.quoted(element) + " has " + std::to_string(size) +
                    (size == 1 ? " byte" : " bytes") +
                    (empty ? " (a class with no data members; static members take no space)" : "") +
                    ", and C++ AMP's containers hold elements whose size is a multiple of 4 "
                    "bytes: use int or unsigned int members, or pad the class");
    }
  }
};

class variable_collector : public RecursiveASTVisitor<variable_collector> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool VisitVarDecl(VarDecl* v) {
    found.variables.push_back(v);
    return true;
  }
  bool VisitFieldDecl(FieldDecl* f) {
    found.variables.push_back(f);
    return true;
  }
  declarations found;
};

}  // namespace

void add_container_rules(rule_list& rules) {
  rules.push_back(std::make_unique<container_element>());
}

void check_containers(ASTContext& ctx, const std::vector<std::string>& trusted_dirs,
                      std::vector<diagnostic>& out) {
  amp_context cx(ctx, trusted_dirs, out);
  variable_collector all;
  all.TraverseDecl(ctx.getTranslationUnitDecl());
  container_element().check_written(written_specifiers(), all.found, cx);
}

std::string held_container(ASTContext& ctx, const std::vector<std::string>& trusted_dirs, QualType t) {
  std::vector<diagnostic> none;
  const amp_context cx(ctx, trusted_dirs, none);
  std::set<const RecordDecl*> seen;
  return held_container(t, cx, seen, "");
}

}  // namespace ampcl::translate::amp_rules
