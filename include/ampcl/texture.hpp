// texture<T,N> (concurrency::graphics::texture): device-resident N-dimensional
// data in an OpenCL image (image1d_t/image2d_t/image3d_t), read through samplers
// or by index in kernels (ampcl.clh's "textures" section).
//
//   ampcl::graphics::texture<float, 2> t(rows, cols, host.begin(), host.end());
//   ampcl::parallel_for_each(out.get_extent(), k, ampcl::graphics::texture_view<const float, 2>(t),
//   out); std::vector<float> back = t;   // or copy(t, back.begin())
//
// T is int, unsigned int, float, norm, unorm or their 2- and 4-component short
// vectors. 3-component and double textures do not exist (as in C++ AMP: OpenCL
// images have no such formats). AMP dimension 0 is the most significant: texel
// index<2>(row, col) is image coordinate (x = col, y = row).
#pragma once

#include <algorithm>
#include <ampcl/accelerator.hpp>
#include <ampcl/array.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/detail/cl_type_name.hpp>
#include <ampcl/detail/image_storage.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/extent.hpp>
#include <ampcl/short_vectors.hpp>
#include <iterator>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace ampcl::graphics {

namespace detail {

template <class S>
struct texel_scalar;  // what a component's host scalar is
template <>
struct texel_scalar<int> {
  static constexpr auto kind = ampcl::detail::texel_kind::sint;
  static constexpr unsigned default_bits = 32;
};
template <>
struct texel_scalar<unsigned int> {
  static constexpr auto kind = ampcl::detail::texel_kind::uint;
  static constexpr unsigned default_bits = 32;
};
template <>
struct texel_scalar<float> {
  static constexpr auto kind = ampcl::detail::texel_kind::floating;
  static constexpr unsigned default_bits = 32;
};
// OpenCL has no 32-bit normalized formats: 16 bits, as C++ AMP's default.
template <>
struct texel_scalar<norm> {
  static constexpr auto kind = ampcl::detail::texel_kind::snorm;
  static constexpr unsigned default_bits = 16;
};
template <>
struct texel_scalar<unorm> {
  static constexpr auto kind = ampcl::detail::texel_kind::unorm;
  static constexpr unsigned default_bits = 16;
};

template <class T>
struct texel_traits {
  static_assert(short_vector_traits<T>::size != 3,
                "3-component textures do not exist (OpenCL images have no 3-channel 32-bit "
                "formats; C++ AMP excludes them too): use a 4-component type");
  using scalar = typename short_vector_traits<T>::value_type;
  static constexpr int components = short_vector_traits<T>::size;
};

template <class T>
constexpr bool is_texel_scalar_v =
    std::is_same_v<T, int> || std::is_same_v<T, unsigned int> || std::is_same_v<T, float> ||
    std::is_same_v<T, norm> || std::is_same_v<T, unorm>;

template <class T>
ampcl::detail::texel_format texel_format_of(unsigned bits) {
  using traits = texel_traits<T>;
  ampcl::detail::texel_format f;
  f.kind = texel_scalar<typename traits::scalar>::kind;
  f.components = traits::components;
  f.bits = bits ? bits : texel_scalar<typename traits::scalar>::default_bits;
  return f;
}

template <class S>
constexpr const char* texel_scalar_name() {
  if constexpr (std::is_same_v<S, int>)
    return "int";
  else if constexpr (std::is_same_v<S, unsigned int>)
    return "uint";
  else if constexpr (std::is_same_v<S, float>)
    return "float";
  else if constexpr (std::is_same_v<S, norm>)
    return "norm";
  else
    return "unorm";
}

// "texture<float_2, 2>", "texture_view<const unorm, 1>", for messages.
template <class T, int N>
std::string texture_type_name(const char* container, bool is_const = false) {
  using traits = texel_traits<std::remove_const_t<T>>;
  std::string t = texel_scalar_name<typename traits::scalar>();
  if (traits::components > 1) t += "_" + std::to_string(traits::components);
  return std::string(container) + "<" + (is_const ? "const " : "") + t + ", " + std::to_string(N) +
         ">";
}

}  // namespace detail

template <class T, int N = 1>
class texture {
  using traits = detail::texel_traits<T>;
  static_assert(N >= 1 && N <= 3, "textures have rank 1, 2 or 3");
  static_assert(detail::is_texel_scalar_v<typename traits::scalar>,
                "texture elements are int, unsigned int, float, norm, unorm or their 2- and "
                "4-component short vectors (no double: OpenCL images have no double formats)");
  static_assert(sizeof(T) == 4 * traits::components, "a texel is 4-byte scalars on the host");

 public:
  using value_type = T;
  static constexpr int rank = N;

  // ---- construction, as in C++ AMP ----
  explicit texture(const extent<N>& ext) : texture(ext, 0u, default_view()) {}
  texture(const extent<N>& ext, const accelerator_view& av) : texture(ext, 0u, av) {}
  // Narrower storage: 8 or 16 bits (int, uint, norm, unorm), 16 (half) or 32 (float).
  texture(const extent<N>& ext, unsigned int bits_per_scalar_element)
      : texture(ext, bits_per_scalar_element, default_view()) {}
  texture(const extent<N>& ext, unsigned int bits_per_scalar_element, const accelerator_view& av)
      : ext_(ext) {
    int e[3] = {0, 0, 0};
    for (int d = 0; d < N; ++d) e[d] = ext[d];
    img_ =
        ampcl::detail::create_image(av, N, e, detail::texel_format_of<T>(bits_per_scalar_element),
                                    detail::texture_type_name<T, N>("texture").c_str());
  }
  // Deep copies of [first, last): at most ext.size() texels; the rest is zero.
  template <class It, class = typename std::iterator_traits<It>::value_type>
  texture(const extent<N>& ext, It first, It last) : texture(ext, first, last, default_view()) {}
  template <class It, class = typename std::iterator_traits<It>::value_type>
  texture(const extent<N>& ext, It first, It last, const accelerator_view& av)
      : texture(ext, 0u, av) {
    assign(first, last);
  }
  // Raw texels in the image's own format (src_byte_size must be the whole image).
  texture(const extent<N>& ext, unsigned int bits_per_scalar_element, const void* source,
          unsigned int src_byte_size)
      : texture(ext, bits_per_scalar_element, source, src_byte_size, default_view()) {}
  texture(const extent<N>& ext, unsigned int bits_per_scalar_element, const void* source,
          unsigned int src_byte_size, const accelerator_view& av)
      : texture(ext, bits_per_scalar_element, av) {
    ampcl::detail::write_image_raw(*img_, source, src_byte_size);
  }

  // Every form above with the extent spelled out: texture<float, 2>(rows, cols, first, last).
  template <class... Rest, int M = N, class = std::enable_if_t<M == 1>>
  explicit texture(int e0, Rest&&... rest) : texture(extent<1>(e0), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = std::enable_if_t<M == 2>>
  texture(int e0, int e1, Rest&&... rest)
      : texture(extent<2>(e0, e1), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = std::enable_if_t<M == 3>>
  texture(int e0, int e1, int e2, Rest&&... rest)
      : texture(extent<3>(e0, e1, e2), std::forward<Rest>(rest)...) {}

  // Deep copies, on the same view or on another.
  texture(const texture& other) : texture(other, other.get_accelerator_view()) {}
  texture(const texture& other, const accelerator_view& av)
      : texture(other.ext_, other.get_bits_per_scalar_element(), av) {
    ampcl::detail::copy_image(*other.img_, *img_);
  }
  texture(texture&&) noexcept = default;
  texture& operator=(const texture& other) {
    if (this != &other) {
      texture copy(other);
      *this = std::move(copy);
    }
    return *this;
  }
  texture& operator=(texture&&) noexcept = default;

  // ---- properties ----
  extent<N> get_extent() const { return ext_; }
  accelerator_view get_accelerator_view() const { return ampcl::detail::image_view(*img_); }
  unsigned int get_bits_per_scalar_element() const { return ampcl::detail::image_bits(*img_); }
  // Bytes of the whole texture in its own format (what raw copies move).
  unsigned int get_data_length() const {
    return static_cast<unsigned int>(ampcl::detail::image_bytes(*img_));
  }

  // ---- host copies ----
  operator std::vector<T>() const {  // NOLINT: implicit, like array's
    std::vector<T> out(ext_.size());
    ampcl::detail::read_image_texels(*img_, out.data());
    return out;
  }
  template <class InputIt>
  void assign(InputIt first, InputIt last) {
    std::vector<T> texels(ext_.size());
    std::size_t n = 0;
    for (; first != last && n < texels.size(); ++first, ++n) texels[n] = *first;
    ampcl::detail::write_image_texels(*img_, texels.data());
  }

  const std::shared_ptr<ampcl::detail::image_storage>& storage() const { return img_; }

 private:
  static accelerator_view default_view() { return accelerator().get_default_view(); }

  extent<N> ext_;
  std::shared_ptr<ampcl::detail::image_storage> img_;
};

// ---- copy, as in C++ AMP's graphics namespace ----

// Host iterators into a texture: exactly get_extent().size() texels.
template <class InputIt, class T, int N>
void copy(InputIt first, InputIt last, texture<T, N>& dst) {
  const auto n = static_cast<std::size_t>(std::distance(first, last));
  if (n != dst.get_extent().size())
    throw runtime_exception("copy into " + detail::texture_type_name<T, N>("texture") +
                            ": the range holds " + std::to_string(n) + " texels but the texture " +
                            std::to_string(dst.get_extent().size()) + "; pass exactly that many");
  dst.assign(first, last);
}
// A texture to a host output iterator (get_extent().size() texels).
template <class T, int N, class OutputIt>
void copy(const texture<T, N>& src, OutputIt dst) {
  const std::vector<T> texels = src;
  std::copy(texels.begin(), texels.end(), dst);
}
// Raw bytes in the texture's own format (sizes must be get_data_length()).
template <class T, int N>
void copy(const void* src, unsigned int src_byte_size, texture<T, N>& dst) {
  ampcl::detail::write_image_raw(*dst.storage(), src, src_byte_size);
}
template <class T, int N>
void copy(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) {
  ampcl::detail::read_image_raw(*src.storage(), dst, dst_byte_size);
}
// Texture to texture of the same extent and format (on the device where they share one).
template <class T, int N>
void copy(const texture<T, N>& src, texture<T, N>& dst) {
  ampcl::detail::copy_image(*src.storage(), *dst.storage());
}

// ---- copy_async: the same overloads on the library's host worker thread, in
// submission order; sources and destinations must stay alive until completion ----

template <class InputIt, class T, int N>
completion_future copy_async(InputIt first, InputIt last, texture<T, N>& dst) {
  return completion_future::run_on_host([first, last, &dst] { graphics::copy(first, last, dst); });
}
template <class T, int N, class OutputIt>
completion_future copy_async(const texture<T, N>& src, OutputIt dst) {
  return completion_future::run_on_host([&src, dst] { graphics::copy(src, dst); });
}
template <class T, int N>
completion_future copy_async(const void* src, unsigned int src_byte_size, texture<T, N>& dst) {
  return completion_future::run_on_host(
      [src, src_byte_size, &dst] { graphics::copy(src, src_byte_size, dst); });
}
template <class T, int N>
completion_future copy_async(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) {
  return completion_future::run_on_host(
      [&src, dst, dst_byte_size] { graphics::copy(src, dst, dst_byte_size); });
}
template <class T, int N>
completion_future copy_async(const texture<T, N>& src, texture<T, N>& dst) {
  return completion_future::run_on_host([&src, &dst] { graphics::copy(src, dst); });
}

}  // namespace ampcl::graphics
