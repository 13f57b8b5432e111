// The OpenCL C name of a host type, for checking arguments against parameters.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>

// C++ AMP's short vectors: (name, scalar, components, OpenCL spelling). The 2- and
// 4-component ones are OpenCL's vectors in a kernel (the same bytes); the
// 3-component ones are packed (12 or 24 bytes, not OpenCL's 16 or 32), so they are
// the prelude's structs of the same name (kernels/ampcl.clh); translated kernels
// declare every vector as a struct of its C++ AMP name. One table for both sides.
#define AMPCL_SHORT_VECTORS(X)         \
  X(int_2, int, 2, "int2")             \
  X(int_3, int, 3, "int_3")            \
  X(int_4, int, 4, "int4")             \
  X(uint_2, unsigned int, 2, "uint2")  \
  X(uint_3, unsigned int, 3, "uint_3") \
  X(uint_4, unsigned int, 4, "uint4")  \
  X(float_2, float, 2, "float2")       \
  X(float_3, float, 3, "float_3")      \
  X(float_4, float, 4, "float4")       \
  X(double_2, double, 2, "double2")    \
  X(double_3, double, 3, "double_3")   \
  X(double_4, double, 4, "double4")    \
  X(norm_2, norm, 2, "float2")         \
  X(norm_3, norm, 3, "norm_3")         \
  X(norm_4, norm, 4, "float4")         \
  X(unorm_2, unorm, 2, "float2")       \
  X(unorm_3, unorm, 3, "unorm_3")      \
  X(unorm_4, unorm, 4, "float4")

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
