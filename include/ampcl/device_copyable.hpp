// is_device_copyable<T>: may arrays, array_views and reinterpretations hold T?
//
// ampcl moves elements between host memory and device buffers as bytes (memcpy,
// clEnqueueRead/WriteBuffer), never through T's copy constructor or assignment. That
// is right for trivially copyable types, the default. A type whose copy operations
// are user-provided may still be copied bytewise when its bytes are its value (no
// pointers into host memory, no virtual functions): specialize the trait to say so,
// as SYCL 2020's sycl::is_device_copyable does:
//
//   namespace ampcl {
//   template <> struct is_device_copyable<my_type> : std::true_type {};
//   }
//
// The second parameter is for partial specializations over a family of types; the
// C++ AMP headers use it for every element type of concurrency::array and
// array_view, which C++ AMP copies bytewise (include/ampcl/concurrency/view_core.h).
#pragma once

#include <type_traits>

namespace ampcl {

template <class T, class Enable = void>
struct is_device_copyable : std::is_trivially_copyable<T> {};

template <class T>
inline constexpr bool is_device_copyable_v = is_device_copyable<std::remove_cv_t<T>>::value;

}  // namespace ampcl
