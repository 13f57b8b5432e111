// The OpenCL C name of a host type, for checking arguments against parameters.
#pragma once

#include <ampcl/detail/short_vector_table.h>

#include <cstdint>
#include <string>
#include <type_traits>

namespace Concurrency::graphics {
class norm;
class unorm;
#define AMPCL_DECLARE_VECTOR(name, scalar, n, spelling) class name;
AMPCL_SHORT_VECTORS(AMPCL_DECLARE_VECTOR)
#undef AMPCL_DECLARE_VECTOR
}  // namespace Concurrency::graphics

namespace ampcl::detail {

// A short vector's OpenCL spelling; null for other types.
template <class T>
struct short_vector_spelling {
  static constexpr const char* value = nullptr;
};
#define AMPCL_VECTOR_SPELLING(name, scalar, n, spelling)      \
  template <>                                                 \
  struct short_vector_spelling<Concurrency::graphics::name> { \
    static constexpr const char* value = spelling;            \
  };
AMPCL_SHORT_VECTORS(AMPCL_VECTOR_SPELLING)
#undef AMPCL_VECTOR_SPELLING

// User types may name their OpenCL spelling with a static cl_type_name().
template <class T, class = void>
struct has_cl_type_name : std::false_type {};
template <class T>
struct has_cl_type_name<T, std::void_t<decltype(T::cl_type_name())>> : std::true_type {};

template <class T>
std::string cl_type_name() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>)
    return "float";
  else if constexpr (std::is_same_v<U, double>)
    return "double";
  else if constexpr (std::is_same_v<U, bool>)
    return "";  // bool is not a valid kernel arg
  else if constexpr (std::is_integral_v<U>) {
    const std::string sign = std::is_unsigned_v<U> ? "u" : "";
    switch (sizeof(U)) {
      case 1:
        return sign + "char";
      case 2:
        return sign + "short";
      case 4:
        return sign + "int";
      case 8:
        return sign + "long";
    }
    return "";
  } else if constexpr (std::is_same_v<U, Concurrency::graphics::norm> ||
                       std::is_same_v<U, Concurrency::graphics::unorm>) {
    return "float";  // clamped floats, in kernels too
  } else if constexpr (short_vector_spelling<U>::value != nullptr) {
    return short_vector_spelling<U>::value;
  } else if constexpr (std::is_class_v<U> && !std::is_empty_v<U>) {
    // User structs: checked by size only, unless they name their OpenCL type.
    if constexpr (has_cl_type_name<U>::value)
      return U::cl_type_name();
    else
      return "";
  } else {
    return "";
  }
}

// The spellings of float, double and the integer types as constants: the launch
// path reads them with no call and no guard variable (two cache misses a launch
// when they were function-local std::strings).
struct builtin_spellings {
  static constexpr char float_name[] = "float";
  static constexpr char double_name[] = "double";
  // [unsigned][log2 of the size]
  static constexpr char integer_names[2][4][7] = {{"char", "short", "int", "long"},
                                                  {"uchar", "ushort", "uint", "ulong"}};
};

// The same spelling as a pointer to static storage, for the launch path, which
// must not allocate: one address per spelling (launches compare the pointers).
template <class T>
const char* cl_type_spelling() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, float>) {
    return builtin_spellings::float_name;
  } else if constexpr (std::is_same_v<U, double>) {
    return builtin_spellings::double_name;
  } else if constexpr (std::is_integral_v<U> && !std::is_same_v<U, bool> &&
                       (sizeof(U) == 1 || sizeof(U) == 2 || sizeof(U) == 4 || sizeof(U) == 8)) {
    constexpr int size_index = sizeof(U) == 1 ? 0 : sizeof(U) == 2 ? 1 : sizeof(U) == 4 ? 2 : 3;
    return builtin_spellings::integer_names[std::is_unsigned_v<U> ? 1 : 0][size_index];
  } else if constexpr (short_vector_spelling<U>::value != nullptr) {
    return short_vector_spelling<U>::value;
  } else {
    static const std::string name = cl_type_name<T>();
    return name.c_str();
  }
}

}  // namespace ampcl::detail
