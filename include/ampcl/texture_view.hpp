// Views of a texture as kernel arguments (concurrency::graphics::texture_view and
// writeonly_texture_view):
//
//   texture_view<const T, N>    read and sample: binds to `__read_only imageNd_t`
//   texture_view<T, N>          read or write:   binds to either access qualifier
//   writeonly_texture_view<T,N> write:           binds to `__write_only imageNd_t`
//   texture<T, N> itself        binds to either, like texture_view<T, N>
//
// OpenCL 1.2 images are read-only or write-only within one kernel, so one parameter
// cannot both read and write a texel. Samplers (sampler.hpp) bind to sampler_t.
#pragma once

#include <ampcl/detail/bound_arg.hpp>
#include <ampcl/sampler.hpp>
#include <ampcl/texture.hpp>
#include <optional>

namespace ampcl::graphics {

template <class T, int N = 1>
class texture_view;

// Read-only: reads and sampling (the kernel declares `__read_only imageNd_t`).
template <class T, int N>
class texture_view<const T, N> {
 public:
  using value_type = T;
  static constexpr int rank = N;

  texture_view(const texture<T, N>& src)  // NOLINT: implicit, as in C++ AMP
      : ext_(src.get_extent()), img_(src.storage()) {}
  texture_view(const texture_view<T, N>& src)  // NOLINT: implicit, as in C++ AMP
      : ext_(src.get_extent()), img_(src.storage()) {}

  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return ampcl::detail::image_view(*img_); }
  unsigned int get_bits_per_scalar_element() const { return ampcl::detail::image_bits(*img_); }
  const std::shared_ptr<ampcl::detail::image_storage>& storage() const { return img_; }

 private:
  extent<N> ext_;
  std::shared_ptr<ampcl::detail::image_storage> img_;
};

// Read or write (one of them per kernel parameter, as OpenCL 1.2 images are).
template <class T, int N>
class texture_view {
 public:
  using value_type = T;
  static constexpr int rank = N;

  texture_view(texture<T, N>& src)  // NOLINT: implicit, as in C++ AMP
      : ext_(src.get_extent()), img_(src.storage()) {}

  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return ampcl::detail::image_view(*img_); }
  unsigned int get_bits_per_scalar_element() const { return ampcl::detail::image_bits(*img_); }
  const std::shared_ptr<ampcl::detail::image_storage>& storage() const { return img_; }

 private:
  extent<N> ext_;
  std::shared_ptr<ampcl::detail::image_storage> img_;
};

// Write-only (deprecated in C++ AMP in favour of texture_view<T,N>; kept for ports).
template <class T, int N = 1>
class writeonly_texture_view {
 public:
  using value_type = T;
  static constexpr int rank = N;

  writeonly_texture_view(texture<T, N>& src)  // NOLINT: implicit, as in C++ AMP
      : ext_(src.get_extent()), img_(src.storage()) {}

  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return ampcl::detail::image_view(*img_); }
  unsigned int get_bits_per_scalar_element() const { return ampcl::detail::image_bits(*img_); }
  const std::shared_ptr<ampcl::detail::image_storage>& storage() const { return img_; }

 private:
  extent<N> ext_;
  std::shared_ptr<ampcl::detail::image_storage> img_;
};

// ---- kernel arguments (found by argument-dependent lookup from parallel_for_each) ----

namespace detail {
enum class image_access { read_write, read_only, write_only };

template <class T, int N>
ampcl::detail::bound_arg bind_image(const ampcl::detail::image_storage& img, const char* name,
                                    image_access access) {
  ampcl::detail::bound_arg b;
  b.what = ampcl::detail::bound_arg::kind::image;
  b.image = &img;
  b.raw = ampcl::detail::image_mem(img);
  b.rank = N;
  b.container = name;  // the whole type, e.g. "texture_view<const float, 2>"
  b.read_only_view = access == image_access::read_only;
  b.write_only_view = access == image_access::write_only;
  return b;
}
}  // namespace detail

template <class T, int N>
ampcl::detail::bound_arg bind(const texture<T, N>& t) {
  static const std::string name = detail::texture_type_name<T, N>("texture");
  return detail::bind_image<T, N>(*t.storage(), name.c_str(), detail::image_access::read_write);
}
template <class T, int N>
ampcl::detail::bound_arg bind(const texture_view<const T, N>& v) {
  static const std::string name = detail::texture_type_name<T, N>("texture_view", true);
  return detail::bind_image<T, N>(*v.storage(), name.c_str(), detail::image_access::read_only);
}
template <class T, int N>
ampcl::detail::bound_arg bind(const texture_view<T, N>& v) {
  static const std::string name = detail::texture_type_name<T, N>("texture_view");
  return detail::bind_image<T, N>(*v.storage(), name.c_str(), detail::image_access::read_write);
}
template <class T, int N>
ampcl::detail::bound_arg bind(const writeonly_texture_view<T, N>& v) {
  static const std::string name = detail::texture_type_name<T, N>("writeonly_texture_view");
  return detail::bind_image<T, N>(*v.storage(), name.c_str(), detail::image_access::write_only);
}
inline ampcl::detail::bound_arg bind(const sampler& s) {
  ampcl::detail::bound_arg b;
  b.what = ampcl::detail::bound_arg::kind::sampler;
  b.sampler = &s;
  return b;
}

// A launch without an explicit view runs where the first array or texture
// argument lives.
template <class T, int N>
void pick_view(const texture<T, N>& t, std::optional<accelerator_view>& out) {
  if (!out) out = t.get_accelerator_view();
}
template <class T, int N>
void pick_view(const texture_view<T, N>& t, std::optional<accelerator_view>& out) {
  if (!out) out = t.get_accelerator_view();
}
template <class T, int N>
void pick_view(const writeonly_texture_view<T, N>& t, std::optional<accelerator_view>& out) {
  if (!out) out = t.get_accelerator_view();
}

}  // namespace ampcl::graphics
