#include "type_rules.hpp"

#include <clang/AST/Type.h>

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

const char* const not_allowed = " is not allowed in restrict(amp) code: ";

// 2.4.1.2: of the fundamental types, restrict(amp) code has bool, int, unsigned
// int, long, unsigned long, float, double and void.
std::string fundamental_type(QualType t, type_use, amp_context& cx) {
  const auto* b = t.getCanonicalType()->getAs<BuiltinType>();
  if (!b) return "";
  const char* fix = nullptr;
  switch (b->getKind()) {
    case BuiltinType::Char_S:
    case BuiltinType::Char_U:
    case BuiltinType::SChar:
    case BuiltinType::Short:
    case BuiltinType::WChar_S:
    case BuiltinType::Char8:
      fix = "use int";
      break;
    case BuiltinType::UChar:
    case BuiltinType::UShort:
    case BuiltinType::WChar_U:
    case BuiltinType::Char16:
    case BuiltinType::Char32:
      fix = "use unsigned int";
      break;
    case BuiltinType::LongLong:
    case BuiltinType::Int128:
      fix = "use int or long";
      break;
    case BuiltinType::ULongLong:
    case BuiltinType::UInt128:
      fix = "use unsigned int or unsigned long";
      break;
    case BuiltinType::LongDouble:
    case BuiltinType::Float128:
    case BuiltinType::Ibm128:
      fix = "use double";
      break;
    case BuiltinType::Half:
    case BuiltinType::Float16:
    case BuiltinType::BFloat16:
      fix = "use float";
      break;
    default:
      return "";
  }
  return cx.quoted(t.getUnqualifiedType()) + not_allowed + fix;
}

// 2.4.1.1: volatile is not supported.
std::string volatile_qualifier(QualType t, type_use, amp_context& cx) {
  if (!t.isVolatileQualified()) return "";
  return "volatile (" + cx.quoted(t) + ")" + not_allowed + "remove it";
}

// 2.4.1.3: no function pointers, function references or pointers to member functions.
std::string function_pointer(QualType t, type_use, amp_context& cx) {
  const QualType c = t.getCanonicalType();
  const char* what = nullptr;
  if (const auto* p = c->getAs<PointerType>(); p && p->getPointeeType()->isFunctionType())
    what = "a function pointer (";
  else if (const auto* r = c->getAs<ReferenceType>(); r && r->getPointeeType()->isFunctionType())
    what = "a function reference (";
  else if (const auto* m = c->getAs<MemberPointerType>(); m && m->isMemberFunctionPointer())
    what = "a pointer to a member function (";
  if (!what) return "";
  return what + cx.quoted(t) + ")" + not_allowed + "call the function directly";
}

// 2.4.1.3: pointers to pointers are not supported.
std::string pointer_to_pointer(QualType t, type_use, amp_context& cx) {
  const auto* p = t.getCanonicalType()->getAs<PointerType>();
  if (!p || !p->getPointeeType()->isPointerType()) return "";
  return "a pointer to a pointer (" + cx.quoted(t) + ")" + not_allowed +
         "use one level of pointer, or an index";
}

// 2.4.1.3: pointers and references are only supported as local variables,
// parameters and return values; a class may hold a reference to a
// concurrency::array (a kernel functor's), nothing else.
std::string pointer_inside_object(QualType t, type_use use, amp_context& cx) {
  const char* where = use == type_use::member    ? " as a data member"
                      : use == type_use::element ? " as an array element"
                                                 : nullptr;
  if (!where) return "";
  const QualType c = t.getCanonicalType();
  if (c->isPointerType() || c->isNullPtrType())
    return "a pointer (" + cx.quoted(t) + ")" + where + not_allowed +
           "keep an index, or an array_view";
  if (const auto* r = c->getAs<ReferenceType>()) {
    if (use == type_use::member && (cx.is_concurrency_array(r->getPointeeType()) ||
                                    cx.is_concurrency_texture(r->getPointeeType())))
      return "";
    return "a reference (" + cx.quoted(t) + ")" + where + not_allowed +
           "hold the value, or an array_view (only a reference to a concurrency::array or a "
           "texture may be a member)";
  }
  return "";
}

// 2.4.1.3: no reference to std::nullptr_t.
std::string reference_to_nullptr(QualType t, type_use use, amp_context& cx) {
  if (use != type_use::referee || !t.getCanonicalType()->isNullPtrType()) return "";
  return "a reference to " + cx.quoted(t) + not_allowed + "use nullptr itself";
}

// 2.4.1.3: the element type of an array is four-byte aligned (bool and empty
// classes are not; narrower types are rejected on their own).
std::string array_element_size(QualType t, type_use, amp_context& cx) {
  const auto* array = dyn_cast_or_null<ConstantArrayType>(cx.ctx.getAsArrayType(t));
  if (!array) return "";
  const QualType element = array->getElementType();
  if (element->isIncompleteType() || element->isDependentType()) return "";
  if (!cx.type_problem(element, type_use::element).empty()) return "";
  const CharUnits size = cx.ctx.getTypeSizeInChars(element);
  if (size.getQuantity() % 4 == 0) return "";
  return cx.quoted(t) + not_allowed + "its elements must be 4-byte aligned, and " +
         cx.quoted(element) + " has " + std::to_string(size.getQuantity()) +
         (size.getQuantity() == 1 ? " byte" : " bytes") + "; use an int array";
}

// 2.4.1.3: an enumeration's underlying type is int, unsigned int, long or unsigned long.
std::string enum_underlying_type(QualType t, type_use, amp_context& cx) {
  const auto* e = t.getCanonicalType()->getAs<EnumType>();
  if (!e || !e->getDecl()->isComplete()) return "";
  const QualType underlying = e->getDecl()->getIntegerType();
  const auto* b = underlying.getCanonicalType()->getAs<BuiltinType>();
  if (!b) return "";
  switch (b->getKind()) {
    case BuiltinType::Int:
    case BuiltinType::UInt:
    case BuiltinType::Long:
    case BuiltinType::ULong:
      return "";
    default:
      return "enum " + cx.quoted(e->getDecl()) + " with underlying type " + cx.quoted(underlying) +
             not_allowed + "give it int as its underlying type";
  }
}

// 2.4.3: restrict(amp) code can only refer to a concurrency::array, never copy one.
std::string array_by_value(QualType t, type_use use, amp_context& cx) {
  if (use == type_use::referee || use == type_use::pointee) return "";
  if (cx.is_concurrency_texture(t))
    return "a concurrency::graphics::texture by value" + std::string(not_allowed) +
           "refer to it (texture<T, N>&), or use a texture_view";
  if (!cx.is_concurrency_array(t)) return "";
  return "a concurrency::array by value" + std::string(not_allowed) +
         "refer to it (array<T, N>&), or use an array_view";
}

// 2.4.1.3, classes: no bit-fields, ...
std::string bit_field(const CXXRecordDecl& rd, amp_context& cx) {
  for (const FieldDecl* f : rd.fields())
    if (f->isBitField())
      return "bit-field " + cx.quoted(f) + not_allowed + "use a whole unsigned int and mask it";
  return "";
}

// ... no virtual member functions, ...
std::string virtual_function(const CXXRecordDecl& rd, amp_context& cx) {
  for (const CXXMethodDecl* m : rd.methods())
    if (m->isVirtual() && !m->isImplicit())
      return cx.quoted(&rd) + ", a class with virtual function " + cx.quoted(m) + "," +
             not_allowed + "make its functions non-virtual";
  return "";
}

// ... and no virtual base classes.
std::string virtual_base(const CXXRecordDecl& rd, amp_context& cx) {
  for (const CXXBaseSpecifier& base : rd.vbases())
    return cx.quoted(&rd) + ", a class with virtual base class " + cx.quoted(base.getType()) +
           "," + not_allowed + "inherit without virtual";
  return "";
}

}  // namespace

const std::vector<type_rule>& type_rules() {
  static const std::vector<type_rule> rules = {
      {"fundamental types", fundamental_type},
      {"volatile", volatile_qualifier},
      {"function pointers", function_pointer},
      {"pointers to pointers", pointer_to_pointer},
      {"pointers and references in objects", pointer_inside_object},
      {"references to nullptr_t", reference_to_nullptr},
      {"array element size", array_element_size},
      {"enumeration underlying types", enum_underlying_type},
      {"concurrency::array by value", array_by_value},
  };
  return rules;
}

const std::vector<class_rule>& class_rules() {
  static const std::vector<class_rule> rules = {
      {"bit-fields", bit_field},
      {"virtual functions", virtual_function},
      {"virtual base classes", virtual_base},
  };
  return rules;
}

}  // namespace ampcl::translate::amp_rules
