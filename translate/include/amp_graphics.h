// <amp_graphics.h>: Concurrency::graphics. The short vectors, norm and unorm
// (<amp_short_vectors.h>) are here; textures, texture views and samplers are not
// yet translated by ampcl-c++, and using one is a compile error that says so.
#pragma once

#include <amp_short_vectors.h>
#include <ampcl_amp/namespace.h>

namespace Concurrency {
namespace graphics {

namespace __texture_pending {
template <class... T>
constexpr bool not_yet = false;
}  // namespace __texture_pending

#define __AMPCL_TEXTURE_PENDING(name)                                                  \
  template <class T, int N = 1>                                                        \
  class name {                                                                         \
    static_assert(__texture_pending::not_yet<T>,                                       \
                  "concurrency::graphics::" #name                                      \
                  " is not supported by ampcl-c++ yet: "                               \
                  "store the texels in an array or array_view (short vectors such as " \
                  "float_4 work as element types), or write the kernel by hand with "  \
                  "ampcl::graphics::texture (include/ampcl/texture.hpp)");             \
  };
__AMPCL_TEXTURE_PENDING(texture)
__AMPCL_TEXTURE_PENDING(texture_view)
__AMPCL_TEXTURE_PENDING(writeonly_texture_view)
#undef __AMPCL_TEXTURE_PENDING

class sampler {
 public:
  template <class... Args>
  explicit sampler(Args&&...) {
    static_assert(__texture_pending::not_yet<Args...>,
                  "concurrency::graphics::sampler is not supported by ampcl-c++ yet: sample "
                  "by hand from an array_view, or write the kernel with ampcl::graphics::sampler");
  }
};

}  // namespace graphics
}  // namespace Concurrency
