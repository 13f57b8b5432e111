// is_device_copyable<T>: may arrays, array_views and reinterpretations hold T?
//
// C++ AMP asks of their elements that they be amp-compatible, not trivially
// copyable: an element's copy constructor, assignment or destructor may be
// user-provided (and differ between restrict(cpu) and restrict(amp)), and the
// runtime still moves elements between host and accelerator as bytes (memcpy,
// clEnqueueRead/WriteBuffer), calling none of them (conformance:
// Special_member_functions/Test.03, amp_compatible/non.pod.inheritance). So every
// trivially copyable type is, and every class that is not polymorphic (a vtable
// pointer is a host address). ampcl-c++'s rules check the rest of amp-compatibility
// for each declared array's and array_view's element type
// (translate/compiler/amp_rules/rules/containers.cpp: no pointers, views, arrays or
// textures inside, a size in 4-byte words).
#pragma once

#include <type_traits>

namespace ampcl {

template <class T, class Enable = void>
struct is_device_copyable : std::bool_constant<std::is_trivially_copyable_v<T> ||
                                               (std::is_class_v<T> && !std::is_polymorphic_v<T>)> {
};

template <class T>
inline constexpr bool is_device_copyable_v = is_device_copyable<std::remove_cv_t<T>>::value;

}  // namespace ampcl
