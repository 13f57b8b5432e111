// Concurrency::graphics (<amp_graphics.h>): texture<T, N>, texture_view<T, N>,
// texture_view<const T, N>, writeonly_texture_view<T, N>, sampler and their
// copies, over OpenCL 1.2 images and samplers (ampcl's image storage,
// ampcl/detail/image_storage.hpp, and sampler state, ampcl/detail/sampler_state.hpp);
// ampcl's too (<ampcl/texture.hpp> names them).
//
// In a kernel each texture, texture view and sampler the functor holds (captured
// by reference or by value) becomes an image or sampler parameter of the kernel;
// what device code keeps of it is which parameter (a slot), and every read, write
// and sample is the translator's (translate/compiler/images.cpp): read_image*,
// write_image* on the parameter the slot names. OpenCL 1.2 images are read-only or
// write-only within a kernel: a texture the kernel reads and writes is passed
// twice (C++ AMP allows it for 1-component textures; see docs/translator.md).
// A hand-written OpenCL C kernel launched through ampcl::parallel_for_each takes
// them as image and sampler_t parameters (bind() below).
//
// What has no OpenCL 1.2 meaning is a compile error that says what to do instead:
// mipmap levels other than the first, Direct3D interoperation, in-place writes to
// textures of 2 or 4 components and reads through a writable texture_view of them
// (OpenCL images have no read-write access), and textures in tile_static memory
// or inside arrays. OpenCL fixes the border colour at transparent black, so
// address_border takes float_4(0, 0, 0, 0) only.
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/completion_future.h>
#include <ampcl/concurrency/index.h>
#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/restrict_macros.h>  // again, after any of ampcl's API headers
#include <ampcl/concurrency/short_vectors.h>

#include <algorithm>
#include <ampcl/detail/image_storage.hpp>
#include <ampcl/detail/sampler_state.hpp>
#include <ampcl/errors.hpp>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__CUDA__)
// A field holding an image (a kernel_object_handle): each kernel that uses the
// object gets an image parameter, and the prologue stores its slot. "r", "w" or
// "rw": the accesses the type allows.
#define __AMPCL_IMAGE(access) __attribute__((annotate("ampcl_image:" access)))
// A field holding a sampler: a sampler_t parameter.
#define __AMPCL_SAMPLER __attribute__((annotate("ampcl_sampler")))
// A member that reads ("read") or writes ("write") its object's image: the
// translator learns from its calls which image parameters to declare.
#define __AMPCL_IMAGE_ACCESS(access) __attribute__((annotate("ampcl_image_access:" access)))
#else
#define __AMPCL_IMAGE(access)
#define __AMPCL_SAMPLER
#define __AMPCL_IMAGE_ACCESS(access)
#endif

namespace Concurrency {
namespace graphics {

// Unscoped, as in C++ AMP.
enum filter_mode { filter_point = 0, filter_linear = 1, filter_unknown = 0xFFFFFFFF };
enum address_mode {
  address_wrap = 0,    // CL_ADDRESS_REPEAT
  address_mirror = 1,  // CL_ADDRESS_MIRRORED_REPEAT
  address_clamp = 2,   // CL_ADDRESS_CLAMP_TO_EDGE
  address_border = 3,  // CL_ADDRESS_CLAMP (transparent black)
  address_unknown = 0xFFFFFFFF
};

template <typename T, int N>
class texture;
template <typename T, int N>
class texture_view;
template <typename T, int N>
class writeonly_texture_view;
class sampler;

}  // namespace graphics

namespace __ampcl {

template <class... T>
constexpr bool graphics_unavailable = false;

// What a texture, texture view or sampler holds of its OpenCL object: on the host
// its own reference to it (H: a shared_ptr to the image or sampler state), on the
// device which image or sampler parameter of the kernel it is (_M_slot, stored by
// the kernel's prologue). Device code copies it as bits.
template <class H>
class kernel_object_handle {
 public:
  kernel_object_handle() restrict(cpu, amp) : _M_p(nullptr), _M_slot(0) {}
  explicit kernel_object_handle(const H& h) restrict(cpu) : _M_p(new H(h)), _M_slot(0) {}
  kernel_object_handle(const kernel_object_handle& o) restrict(cpu, amp)
      : _M_p(nullptr), _M_slot(o._M_slot) {
#ifndef __CUDA_ARCH__
    if (o._M_p) _M_p = new H(*o._M_p);
#else
    _M_p = o._M_p;
#endif
  }
  kernel_object_handle& operator=(const kernel_object_handle& o) restrict(cpu, amp) {
#ifndef __CUDA_ARCH__
    if (this != &o) {
      delete _M_p;
      _M_p = o._M_p ? new H(*o._M_p) : nullptr;
    }
#else
    _M_p = o._M_p;
#endif
    _M_slot = o._M_slot;
    return *this;
  }
  ~kernel_object_handle() restrict(cpu, amp) {
#ifndef __CUDA_ARCH__
    delete _M_p;
#endif
  }
  const H& get() const restrict(cpu) {
    return *_M_p;
  }

  H* _M_p __AMPCL_HOST_ONLY;
  unsigned int _M_slot;
};
typedef kernel_object_handle<std::shared_ptr<ampcl::detail::image_storage>> image_handle;
typedef kernel_object_handle<std::shared_ptr<const ampcl::detail::sampler_state>> sampler_handle;

// The device primitives: the translator writes each as a read_image*/write_image*
// on the image parameter `slot` names. Coordinates are AMP's index components
// (i0 the most significant, unused ones 0); sampling takes C++ AMP's (x, y, z).
graphics::float_4 image_load_f(unsigned int slot, int i0, int i1, int i2) restrict(amp)
    __AMPCL_BUILTIN("@load");
graphics::int_4 image_load_i(unsigned int slot, int i0, int i1, int i2) restrict(amp)
    __AMPCL_BUILTIN("@load");
graphics::uint_4 image_load_u(unsigned int slot, int i0, int i1, int i2) restrict(amp)
    __AMPCL_BUILTIN("@load");
void image_store(unsigned int slot, int i0, int i1, int i2, graphics::float_4 v) restrict(amp)
    __AMPCL_BUILTIN("@store");
void image_store(unsigned int slot, int i0, int i1, int i2, graphics::int_4 v) restrict(amp)
    __AMPCL_BUILTIN("@store");
void image_store(unsigned int slot, int i0, int i1, int i2, graphics::uint_4 v) restrict(amp)
    __AMPCL_BUILTIN("@store");
graphics::float_4 image_sample(unsigned int slot, unsigned int sampler, float x, float y,
                               float z) restrict(amp) __AMPCL_BUILTIN("@sample");
// A sampler fixed at compile time (filter and address are constants).
graphics::float_4 image_sample_fixed(unsigned int slot, int filter, int address, float x, float y,
                                     float z) restrict(amp) __AMPCL_BUILTIN("@sample_fixed");
// The `component` of the four texels bilinear sampling at (x, y) would blend, in
// Direct3D's Gather order.
graphics::float_4 image_gather(unsigned int slot, unsigned int sampler, int component, float x,
                               float y) restrict(amp) __AMPCL_BUILTIN("@gather");
graphics::float_4 image_gather_fixed(unsigned int slot, int address, int component, float x,
                                     float y) restrict(amp) __AMPCL_BUILTIN("@gather_fixed");

// The texel types: their components and the 4-component vector an OpenCL image
// read gives (float_4 for float, norm and unorm; int_4; uint_4).
template <class T>
struct texel {
  static const bool valid = false;
  static const int components = 1;
  typedef void raw;
  typedef void scalar;
};
#define __AMPCL_TEXEL(T, S, C, R)    \
  template <>                        \
  struct texel<T> {                  \
    static const bool valid = true;  \
    static const int components = C; \
    typedef graphics::R raw;         \
    typedef S scalar;                \
  };
#define __AMPCL_TEXELS(S, P, R)           \
  __AMPCL_TEXEL(S, S, 1, R)               \
  __AMPCL_TEXEL(graphics::P##_2, S, 2, R) \
  __AMPCL_TEXEL(graphics::P##_4, S, 4, R)
__AMPCL_TEXELS(int, int, int_4)
__AMPCL_TEXELS(unsigned int, uint, uint_4)
__AMPCL_TEXELS(float, float, float_4)
__AMPCL_TEXELS(graphics::norm, norm, float_4)
__AMPCL_TEXELS(graphics::unorm, unorm, float_4)
#undef __AMPCL_TEXELS
#undef __AMPCL_TEXEL

template <class T>
constexpr bool is_normalized_texel =
    std::is_same<typename texel<T>::scalar, graphics::norm>::value ||
    std::is_same<typename texel<T>::scalar, graphics::unorm>::value;
template <class T>
constexpr bool is_float_texel = std::is_same<typename texel<T>::raw, graphics::float_4>::value;

// Loads and stores of the raw vector type.
template <class R>
struct raw_image;
template <>
struct raw_image<graphics::float_4> {
  typedef float scalar;
  static graphics::float_4 load(unsigned int s, int i0, int i1, int i2) restrict(amp) {
    return image_load_f(s, i0, i1, i2);
  }
};
template <>
struct raw_image<graphics::int_4> {
  typedef int scalar;
  static graphics::int_4 load(unsigned int s, int i0, int i1, int i2) restrict(amp) {
    return image_load_i(s, i0, i1, i2);
  }
};
template <>
struct raw_image<graphics::uint_4> {
  typedef unsigned int scalar;
  static graphics::uint_4 load(unsigned int s, int i0, int i1, int i2) restrict(amp) {
    return image_load_u(s, i0, i1, i2);
  }
};

// T from / to its raw vector.
template <class T, int C = texel<T>::components>
struct texel_conv;
template <class T>
struct texel_conv<T, 1> {
  typedef typename texel<T>::raw R;
  typedef typename raw_image<R>::scalar S;
  static T from(const R& r) restrict(amp) { return T(r.get_x()); }
  static R to(const T& v) restrict(amp) { return R(static_cast<S>(v), S(0), S(0), S(0)); }
};
template <class T>
struct texel_conv<T, 2> {
  typedef typename texel<T>::raw R;
  typedef typename raw_image<R>::scalar S;
  static T from(const R& r) restrict(amp) { return T(r.get_x(), r.get_y()); }
  static R to(const T& v) restrict(amp) {
    return R(static_cast<S>(v.get_x()), static_cast<S>(v.get_y()), S(0), S(0));
  }
};
template <class T>
struct texel_conv<T, 4> {
  typedef typename texel<T>::raw R;
  typedef typename raw_image<R>::scalar S;
  static T from(const R& r) restrict(amp) { return T(r.get_x(), r.get_y(), r.get_z(), r.get_w()); }
  static R to(const T& v) restrict(amp) {
    return R(static_cast<S>(v.get_x()), static_cast<S>(v.get_y()), static_cast<S>(v.get_z()),
             static_cast<S>(v.get_w()));
  }
};

// A sampled value as T: float-based texels only (sample() rejects the others
// with its own message).
template <class T, bool = is_float_texel<T>>
struct sampled {
  static T from(const graphics::float_4& v) restrict(amp) { return texel_conv<T>::from(v); }
};
template <class T>
struct sampled<T, false> {
  static T from(const graphics::float_4&) restrict(amp) { return T(); }
};

template <class T, int N>
T image_get(const image_handle& h, const index<N>& i) restrict(amp) {
  typedef typename texel<T>::raw R;
  return texel_conv<T>::from(
      raw_image<R>::load(h._M_slot, i[0], N > 1 ? i[1 % N] : 0, N > 2 ? i[2 % N] : 0));
}
template <class T, int N>
void image_set(const image_handle& h, const index<N>& i, const T& v) restrict(amp) {
  image_store(h._M_slot, i[0], N > 1 ? i[1 % N] : 0, N > 2 ? i[2 % N] : 0, texel_conv<T>::to(v));
}

// The sampling coordinates of a rank-N texture: float, float_2, float_3.
template <int N>
struct coordinates;
template <>
struct coordinates<1> {
  typedef float type;
  static float x(float c) restrict(amp) { return c; }
  static float y(float) restrict(amp) { return 0.0f; }
  static float z(float) restrict(amp) { return 0.0f; }
};
template <>
struct coordinates<2> {
  typedef graphics::float_2 type;
  static float x(const type& c) restrict(amp) { return c.get_x(); }
  static float y(const type& c) restrict(amp) { return c.get_y(); }
  static float z(const type&) restrict(amp) { return 0.0f; }
};
template <>
struct coordinates<3> {
  typedef graphics::float_3 type;
  static float x(const type& c) restrict(amp) { return c.get_x(); }
  static float y(const type& c) restrict(amp) { return c.get_y(); }
  static float z(const type& c) restrict(amp) { return c.get_z(); }
};

template <class T, int N>
ampcl::detail::texel_format texel_format_of(unsigned int bits) restrict(cpu) {
  typedef typename texel<T>::scalar S;
  ampcl::detail::texel_format f;
  f.kind = std::is_same<S, int>::value              ? ampcl::detail::texel_kind::sint
           : std::is_same<S, unsigned int>::value   ? ampcl::detail::texel_kind::uint
           : std::is_same<S, float>::value          ? ampcl::detail::texel_kind::floating
           : std::is_same<S, graphics::norm>::value ? ampcl::detail::texel_kind::snorm
                                                    : ampcl::detail::texel_kind::unorm;
  f.components = texel<T>::components;
  f.bits = bits ? bits : is_normalized_texel<T> ? 16u : 32u;
  return f;
}

// "texture<float_2, 2>", "texture_view<const unorm, 1>", for messages.
template <class T, int N>
std::string texture_name(const char* what, bool is_const = false) restrict(cpu) {
  typedef typename texel<T>::scalar S;
  std::string t = std::is_same<S, int>::value              ? "int"
                  : std::is_same<S, unsigned int>::value   ? "uint"
                  : std::is_same<S, float>::value          ? "float"
                  : std::is_same<S, graphics::norm>::value ? "norm"
                                                           : "unorm";
  if (texel<T>::components > 1) t += "_" + std::to_string(texel<T>::components);
  return std::string(what) + "<" + (is_const ? "const " : "") + t + ", " + std::to_string(N) + ">";
}

// A texture or view as an argument of a hand-written kernel, with its whole type
// for messages (one string per type, alive for the program's life).
enum class texture_kind { texture, texture_view, const_texture_view, writeonly_texture_view };
template <class T, int N, texture_kind K>
ampcl::detail::bound_arg bind_image(const image_handle& h) restrict(cpu) {
  using ampcl::detail::image_access;
  static const std::string name =
      K == texture_kind::texture              ? texture_name<T, N>("texture")
      : K == texture_kind::texture_view       ? texture_name<T, N>("texture_view")
      : K == texture_kind::const_texture_view ? texture_name<T, N>("texture_view", true)
                                              : texture_name<T, N>("writeonly_texture_view");
  const image_access access = K == texture_kind::const_texture_view ? image_access::read_only
                              : K == texture_kind::writeonly_texture_view
                                  ? image_access::write_only
                                  : image_access::read_write;
  return ampcl::detail::bind_image(*h.get(), N, access, name.c_str());
}

inline void check_mipmap_levels(unsigned int levels, const char* what) restrict(cpu) {
  if (levels != 1)
    throw ampcl::runtime_exception(
        std::string(what) + ": " + std::to_string(levels) +
        " mipmap levels requested, but OpenCL 1.2 images have one level (level 0): create the "
        "texture with one level, or keep each level in a texture of its own");
}

}  // namespace __ampcl

namespace graphics {

#define __AMPCL_TEXEL_CHECKS(T, N)                                                            \
  static_assert(N >= 1 && N <= 3, "texture<T, N>: the rank N is 1, 2 or 3");                  \
  static_assert(__ampcl::texel<T>::valid,                                                     \
                "texture<T, N>: T must be int, unsigned int, float, norm, unorm or a 2- or "  \
                "4-component short vector of one (int_2, float_4, unorm_4, ...); keep other " \
                "element types in an array or array_view")

// The reads every readable texture class has: t[idx], t(idx), t[i], t(i, j, k),
// each an image read the translator binds (CHECK runs first: a view's access rule).
#define __AMPCL_TEXEL_READS(V, CHECK)                                                     \
  V operator[](const index<N>& i) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {      \
    CHECK return __ampcl::image_get<T, N>(_M_image, i);                                   \
  }                                                                                       \
  template <int M = N, class = typename std::enable_if<M == 1>::type>                     \
  V operator[](int i0) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {                 \
    CHECK return __ampcl::image_get<T, 1>(_M_image, index<1>(i0));                        \
  }                                                                                       \
  V operator()(const index<N>& i) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {      \
    CHECK return __ampcl::image_get<T, N>(_M_image, i);                                   \
  }                                                                                       \
  template <int M = N, class = typename std::enable_if<M == 1>::type>                     \
  V operator()(int i0) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {                 \
    CHECK return __ampcl::image_get<T, 1>(_M_image, index<1>(i0));                        \
  }                                                                                       \
  template <int M = N, class = typename std::enable_if<M == 2>::type>                     \
  V operator()(int i0, int i1) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {         \
    CHECK return __ampcl::image_get<T, 2>(_M_image, index<2>(i0, i1));                    \
  }                                                                                       \
  template <int M = N, class = typename std::enable_if<M == 3>::type>                     \
  V operator()(int i0, int i1, int i2) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") { \
    CHECK return __ampcl::image_get<T, 3>(_M_image, index<3>(i0, i1, i2));                \
  }

// As an argument of ampcl's launches: a hand-written kernel's image parameter
// (bind), and the view a launch without one runs on, the texture's (pick_view).
#define __AMPCL_IMAGE_ARGUMENT(name, kind)                                           \
  friend ampcl::detail::bound_arg bind(const name& t) restrict(cpu) {                \
    return __ampcl::bind_image<T, N, __ampcl::texture_kind::kind>(t._M_image);       \
  }                                                                                  \
  friend void pick_view(const name& t,                                               \
                        std::optional<ampcl::accelerator_view>& out) restrict(cpu) { \
    if (!out) out = t.get_accelerator_view();                                        \
  }                                                                                  \
  static_assert(true, "")

// Textures and their views have no default constructor (as in C++ AMP): a
// tile_static texture or an array of textures is an error that says why.
#define __AMPCL_NO_DEFAULT_TEXTURE(name)                                                        \
  template <class _U = T>                                                                       \
  name() restrict(cpu, amp) __attribute__((                                                     \
      unavailable("a " #name " cannot be default-constructed: textures and texture views live " \
                  "in OpenCL image parameters, not in tile_static memory or arrays of them; "   \
                  "capture the texture (by reference) or a view of it (by value) instead")))

template <typename T, int N = 1>
class texture {
  __AMPCL_TEXEL_CHECKS(T, N);

 public:
  static const int rank = N;
  typedef T value_type;
  typedef typename short_vector_traits<T>::value_type scalar_type;
  typedef typename __ampcl::coordinates<N>::type coordinates_type;

  __AMPCL_NO_DEFAULT_TEXTURE(texture);

  // ---- construction (restrict(cpu), as in C++ AMP) ----
  explicit texture(const Concurrency::extent<N>& e) restrict(cpu)
      : texture(e, 0u, __default_view()) {}
  texture(const Concurrency::extent<N>& e, const Concurrency::accelerator_view& av) restrict(cpu)
      : texture(e, 0u, av) {}
  texture(const Concurrency::extent<N>& e, unsigned int bits) restrict(cpu)
      : texture(e, bits, __default_view()) {}
  texture(const Concurrency::extent<N>& e, unsigned int bits,
          const Concurrency::accelerator_view& av) restrict(cpu)
      : _M_extent(e) {
    int ext[3] = {0, 0, 0};
    for (int d = 0; d < N; ++d) ext[d] = e[d];
    _M_image = __ampcl::image_handle(
        ampcl::detail::create_image(av, N, ext, __ampcl::texel_format_of<T, N>(bits),
                                    __ampcl::texture_name<T, N>("texture").c_str()));
  }
  // Mipmapped textures: one level only (OpenCL 1.2 images have no mipmaps).
  texture(const Concurrency::extent<N>& e, unsigned int bits, unsigned int mipmap_levels,
          const Concurrency::accelerator_view& av) restrict(cpu)
      : texture(e, bits, av) {
    __ampcl::check_mipmap_levels(mipmap_levels, "texture");
  }
  template <class It, class = typename std::iterator_traits<It>::value_type>
  texture(const Concurrency::extent<N>& e, It first, It last) restrict(cpu)
      : texture(e, first, last, __default_view()) {}
  template <class It, class = typename std::iterator_traits<It>::value_type>
  texture(const Concurrency::extent<N>& e, It first, It last,
          const Concurrency::accelerator_view& av) restrict(cpu)
      : texture(e, 0u, av) {
    __assign(first, last);
  }
  // Raw texels in the texture's own format (src_byte_size: get_data_length()).
  texture(const Concurrency::extent<N>& e, unsigned int bits, const void* source,
          unsigned int src_byte_size) restrict(cpu)
      : texture(e, bits, source, src_byte_size, __default_view()) {}
  texture(const Concurrency::extent<N>& e, unsigned int bits, const void* source,
          unsigned int src_byte_size, const Concurrency::accelerator_view& av) restrict(cpu)
      : texture(e, bits, av) {
    ampcl::detail::write_image_raw(*__storage(), source, src_byte_size);
  }
  // Every form above with the extent as integers: texture<float, 2>(rows, cols, ...).
  template <class... Rest, int M = N, class = typename std::enable_if<M == 1>::type>
  explicit texture(int e0, Rest&&... rest) restrict(cpu)
      : texture(Concurrency::extent<1>(e0), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = typename std::enable_if<M == 2>::type>
  texture(int e0, int e1, Rest&&... rest) restrict(cpu)
      : texture(Concurrency::extent<2>(e0, e1), std::forward<Rest>(rest)...) {}
  template <class... Rest, int M = N, class = typename std::enable_if<M == 3>::type>
  texture(int e0, int e1, int e2, Rest&&... rest) restrict(cpu)
      : texture(Concurrency::extent<3>(e0, e1, e2), std::forward<Rest>(rest)...) {}

  // Deep copies.
  texture(const texture& o) restrict(cpu) : texture(o, o.get_accelerator_view()) {}
  texture(const texture& o, const Concurrency::accelerator_view& av) restrict(cpu)
      : texture(o._M_extent, o.get_bits_per_scalar_element(), av) {
    ampcl::detail::copy_image(*o.__storage(), *__storage());
  }
  texture(const texture_view<T, N>& v) restrict(cpu);        // NOLINT: as C++ AMP
  texture(const texture_view<const T, N>& v) restrict(cpu);  // NOLINT: as C++ AMP
  texture(texture&& o) restrict(cpu) = default;
  texture& operator=(const texture& o) restrict(cpu) {
    if (this != &o) {
      texture copy(o);
      *this = std::move(copy);
    }
    return *this;
  }
  texture& operator=(texture&&) restrict(cpu) = default;

  void copy_to(texture& dest) const restrict(cpu) {
    ampcl::detail::copy_image(*__storage(), *dest.__storage());
  }
  void copy_to(const writeonly_texture_view<T, N>& dest) const restrict(cpu);
  void copy_to(const texture_view<T, N>& dest) const restrict(cpu);

  // ---- properties ----
  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;
  Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return ampcl::detail::image_view(*__storage());
  }
  __AMPCL_PROPERTY(get = get_accelerator_view) Concurrency::accelerator_view accelerator_view;
  // Where a staging texture would be copied to: the texture's own view here.
  Concurrency::accelerator_view get_associated_accelerator_view() const restrict(cpu) {
    return get_accelerator_view();
  }
  __AMPCL_PROPERTY(get = get_associated_accelerator_view)
  Concurrency::accelerator_view associated_accelerator_view;
  unsigned int get_bits_per_scalar_element() const restrict(cpu) {
    return ampcl::detail::image_bits(*__storage());
  }
  __AMPCL_PROPERTY(get = get_bits_per_scalar_element) unsigned int bits_per_scalar_element;
  unsigned int get_data_length() const restrict(cpu) {
    return static_cast<unsigned int>(ampcl::detail::image_bytes(*__storage()));
  }
  __AMPCL_PROPERTY(get = get_data_length) unsigned int data_length;
  unsigned int get_mipmap_levels() const restrict(cpu) { return 1; }
  __AMPCL_PROPERTY(get = get_mipmap_levels) unsigned int mipmap_levels;

  // ---- texels (restrict(amp)) ----
  value_type get(const index<N>& i) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {
    return __ampcl::image_get<T, N>(_M_image, i);
  }
  __AMPCL_TEXEL_READS(value_type, )
  // In place: 1-component textures of int, unsigned int or float only, as in C++ AMP.
  void set(const index<N>& i, const value_type& v) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("write") {
    static_assert(__ampcl::texel<T>::components == 1,
                  "texture<T, N>::set: a texture of a 2- or 4-component type cannot be written "
                  "in place (C++ AMP allows it for 1-component textures only, and OpenCL 1.2 "
                  "images are read-only or write-only in a kernel): write through a "
                  "writeonly_texture_view<T, N> or texture_view<T, N> of it, and read what "
                  "the kernel needs from another texture");
    static_assert(!__ampcl::is_normalized_texel<T>,
                  "texture<T, N>::set: textures of norm or unorm cannot be written in place "
                  "(as in C++ AMP): write through a writeonly_texture_view<T, N> or "
                  "texture_view<T, N> of it");
    __ampcl::image_set<T, N>(_M_image, i, v);
  }

  __AMPCL_IMAGE_ARGUMENT(texture, texture);

  // ---- representation ----
  Concurrency::extent<N> _M_extent;
  __ampcl::image_handle _M_image __AMPCL_IMAGE("rw");

  const std::shared_ptr<ampcl::detail::image_storage>& __storage() const restrict(cpu) {
    return _M_image.get();
  }
  template <class It>
  void __assign(It first, It last) restrict(cpu) {
    std::vector<T> texels(_M_extent.size());
    std::size_t n = 0;
    for (; first != last && n < texels.size(); ++first, ++n) texels[n] = *first;
    ampcl::detail::write_image_texels(*__storage(), texels.data());
  }
  std::vector<T> __read() const restrict(cpu) {
    std::vector<T> texels(_M_extent.size());
    ampcl::detail::read_image_texels(*__storage(), texels.data());
    return texels;
  }
  static Concurrency::accelerator_view __default_view() restrict(cpu) {
    return Concurrency::accelerator().get_default_view();
  }
};

// Write-only view (C++ AMP 1.0's; texture_view<T, N> replaces it): set() only.
template <typename T, int N = 1>
class writeonly_texture_view {
  __AMPCL_TEXEL_CHECKS(T, N);

 public:
  static const int rank = N;
  typedef T value_type;
  typedef typename short_vector_traits<T>::value_type scalar_type;

  __AMPCL_NO_DEFAULT_TEXTURE(writeonly_texture_view);

  writeonly_texture_view(texture<T, N>& t) restrict(cpu, amp)  // NOLINT: as C++ AMP
      : _M_extent(t._M_extent), _M_image(t._M_image) {}
  writeonly_texture_view(const writeonly_texture_view&) restrict(cpu, amp) = default;
  writeonly_texture_view& operator=(const writeonly_texture_view&) restrict(cpu, amp) = default;

  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;
  Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return ampcl::detail::image_view(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_accelerator_view) Concurrency::accelerator_view accelerator_view;
  unsigned int get_bits_per_scalar_element() const restrict(cpu) {
    return ampcl::detail::image_bits(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_bits_per_scalar_element) unsigned int bits_per_scalar_element;

  void set(const index<N>& i, const value_type& v) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("write") {
    __ampcl::image_set<T, N>(_M_image, i, v);
  }

  __AMPCL_IMAGE_ARGUMENT(writeonly_texture_view, writeonly_texture_view);

  Concurrency::extent<N> _M_extent;
  __ampcl::image_handle _M_image __AMPCL_IMAGE("w");
};

// A writable view (C++ AMP 1.2): set() for every texel type; reads only for
// 1-component ones (as in C++ AMP).
template <typename T, int N = 1>
class texture_view {
  __AMPCL_TEXEL_CHECKS(T, N);

 public:
  static const int rank = N;
  typedef T value_type;
  typedef typename short_vector_traits<T>::value_type scalar_type;

  __AMPCL_NO_DEFAULT_TEXTURE(texture_view);

  texture_view(texture<T, N>& t) restrict(cpu, amp)  // NOLINT: as C++ AMP
      : _M_extent(t._M_extent), _M_image(t._M_image) {}
  texture_view(texture<T, N>& t, unsigned int mipmap_level) restrict(cpu) : texture_view(t) {
    if (mipmap_level != 0)
      __ampcl::check_mipmap_levels(mipmap_level + 1, "texture_view (a mipmap level above 0)");
  }
  texture_view(const texture_view&) restrict(cpu, amp) = default;
  texture_view& operator=(const texture_view&) restrict(cpu, amp) = default;

  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;
  Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return ampcl::detail::image_view(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_accelerator_view) Concurrency::accelerator_view accelerator_view;
  unsigned int get_bits_per_scalar_element() const restrict(cpu) {
    return ampcl::detail::image_bits(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_bits_per_scalar_element) unsigned int bits_per_scalar_element;
  unsigned int get_mipmap_levels() const restrict(cpu) { return 1; }
  __AMPCL_PROPERTY(get = get_mipmap_levels) unsigned int mipmap_levels;

  void set(const index<N>& i, const value_type& v) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("write") {
    __ampcl::image_set<T, N>(_M_image, i, v);
  }
  value_type get(const index<N>& i) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {
    __check_read();
    return __ampcl::image_get<T, N>(_M_image, i);
  }
  __AMPCL_TEXEL_READS(value_type, __check_read();)

  __AMPCL_IMAGE_ARGUMENT(texture_view, texture_view);

  Concurrency::extent<N> _M_extent;
  __ampcl::image_handle _M_image __AMPCL_IMAGE("rw");

 private:
  static void __check_read() restrict(amp) {
    static_assert(__ampcl::texel<T>::components == 1,
                  "texture_view<T, N>: a writable view of a 2- or 4-component texture cannot "
                  "be read (C++ AMP reads only 1-component ones through it, and OpenCL 1.2 "
                  "images are read-only or write-only in a kernel): read through a "
                  "texture_view<const T, N> of the texture instead");
  }
};

// A read-only view: reads, sampling and gathering.
template <typename T, int N>
class texture_view<const T, N> {
  __AMPCL_TEXEL_CHECKS(T, N);

 public:
  static const int rank = N;
  typedef const T value_type;
  typedef typename short_vector_traits<T>::value_type scalar_type;
  typedef typename __ampcl::coordinates<N>::type coordinates_type;
  typedef typename short_vector<scalar_type, 4>::type gather_return_type;

  __AMPCL_NO_DEFAULT_TEXTURE(texture_view);

  texture_view(const texture<T, N>& t) restrict(cpu, amp)  // NOLINT: as C++ AMP
      : _M_extent(t._M_extent), _M_image(t._M_image) {}
  texture_view(const texture<T, N>& t, unsigned int most_detailed_mip,
               unsigned int mip_levels) restrict(cpu)
      : texture_view(t) {
    if (most_detailed_mip != 0)
      __ampcl::check_mipmap_levels(most_detailed_mip + 1, "texture_view (a mipmap level above 0)");
    __ampcl::check_mipmap_levels(mip_levels, "texture_view");
  }
  texture_view(const texture_view<T, N>& v) restrict(cpu, amp)  // NOLINT: as C++ AMP
      : _M_extent(v._M_extent), _M_image(v._M_image) {}
  texture_view(const texture_view&) restrict(cpu, amp) = default;
  texture_view& operator=(const texture_view&) restrict(cpu, amp) = default;

  Concurrency::extent<N> get_extent() const restrict(cpu, amp) { return _M_extent; }
  __AMPCL_PROPERTY(get = get_extent) Concurrency::extent<N> extent;
  Concurrency::accelerator_view get_accelerator_view() const restrict(cpu) {
    return ampcl::detail::image_view(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_accelerator_view) Concurrency::accelerator_view accelerator_view;
  unsigned int get_bits_per_scalar_element() const restrict(cpu) {
    return ampcl::detail::image_bits(*_M_image.get());
  }
  __AMPCL_PROPERTY(get = get_bits_per_scalar_element) unsigned int bits_per_scalar_element;
  unsigned int get_mipmap_levels() const restrict(cpu) { return 1; }
  __AMPCL_PROPERTY(get = get_mipmap_levels) unsigned int mipmap_levels;

  T get(const index<N>& i) const restrict(amp) __AMPCL_IMAGE_ACCESS("read") {
    return __ampcl::image_get<T, N>(_M_image, i);
  }
  template <class Level>
  T get(const index<N>&, Level) const restrict(amp) {
    static_assert(__ampcl::graphics_unavailable<Level>,
                  "texture_view<const T, N>::get(index, mip_level): OpenCL 1.2 images have no "
                  "mipmap levels; read level 0 with get(index)");
    return T();
  }
  __AMPCL_TEXEL_READS(T, )

  // Sampling at normalized coordinates (float, norm and unorm textures).
  T sample(const sampler& s, const coordinates_type& c, float level_of_detail = 0.0f) const
      restrict(amp) __AMPCL_IMAGE_ACCESS("read");
  template <filter_mode F = filter_linear, address_mode A = address_clamp>
  T sample(const coordinates_type& c, float level_of_detail = 0.0f) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    __check_sample();
    (void)level_of_detail;
    typedef __ampcl::coordinates<N> C;
    return __ampcl::sampled<T>::from(__ampcl::image_sample_fixed(
        _M_image._M_slot, static_cast<int>(F), static_cast<int>(A), C::x(c), C::y(c), C::z(c)));
  }

  // The red (green, blue, alpha) components of the 2x2 texels bilinear sampling
  // at `c` blends (rank 2 only), in Direct3D's Gather order.
  gather_return_type gather_red(const sampler& s, const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather(s, c, 0);
  }
  gather_return_type gather_green(const sampler& s, const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather(s, c, 1);
  }
  gather_return_type gather_blue(const sampler& s, const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather(s, c, 2);
  }
  gather_return_type gather_alpha(const sampler& s, const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather(s, c, 3);
  }
  template <address_mode A = address_clamp>
  gather_return_type gather_red(const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather_fixed(static_cast<int>(A), c, 0);
  }
  template <address_mode A = address_clamp>
  gather_return_type gather_green(const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather_fixed(static_cast<int>(A), c, 1);
  }
  template <address_mode A = address_clamp>
  gather_return_type gather_blue(const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather_fixed(static_cast<int>(A), c, 2);
  }
  template <address_mode A = address_clamp>
  gather_return_type gather_alpha(const coordinates_type& c) const restrict(amp)
      __AMPCL_IMAGE_ACCESS("read") {
    return __gather_fixed(static_cast<int>(A), c, 3);
  }

  __AMPCL_IMAGE_ARGUMENT(texture_view, const_texture_view);

  Concurrency::extent<N> _M_extent;
  __ampcl::image_handle _M_image __AMPCL_IMAGE("r");

 private:
  static void __check_sample() restrict(amp) {
    static_assert(__ampcl::is_float_texel<T>,
                  "texture_view<const T, N>::sample: only float, norm and unorm textures are "
                  "sampled (as in C++ AMP); read integer textures by index");
  }
  static void __check_gather(int components) restrict(amp) {
    static_assert(N == 2,
                  "gather_red/green/blue/alpha: only rank-2 textures are gathered (as "
                  "in C++ AMP)");
    static_assert(__ampcl::is_float_texel<T>,
                  "gather_*: only float, norm and unorm textures are gathered (as in C++ AMP)");
    (void)components;
  }
  gather_return_type __gather(const sampler& s, const coordinates_type& c, int component) const
      restrict(amp);
  gather_return_type __gather_fixed(int address, const coordinates_type& c, int component) const
      restrict(amp) {
    __check_gather(component);
    typedef __ampcl::coordinates<N> C;
    return __from_gathered(
        __ampcl::image_gather_fixed(_M_image._M_slot, address, component, C::x(c), C::y(c)));
  }
  static gather_return_type __from_gathered(const float_4& g) restrict(amp) {
    return __ampcl::sampled<gather_return_type>::from(g);
  }
};

#undef __AMPCL_IMAGE_ARGUMENT
#undef __AMPCL_NO_DEFAULT_TEXTURE
#undef __AMPCL_TEXEL_CHECKS

// How textures are sampled (captured by value; a sampler_t parameter of the kernel).
class sampler {
 public:
  sampler() restrict(cpu) : sampler(filter_linear, address_clamp) {}
  explicit sampler(filter_mode f) restrict(cpu) : sampler(f, address_clamp) {}
  explicit sampler(address_mode a,
                   float_4 border_color = float_4(0.0f, 0.0f, 0.0f, 0.0f)) restrict(cpu)
      : sampler(filter_linear, a, border_color) {}
  sampler(filter_mode f, address_mode a,
          float_4 border_color = float_4(0.0f, 0.0f, 0.0f, 0.0f)) restrict(cpu)
      : _M_filter(f),
        _M_address(a),
        _M_border(border_color),
        _M_sampler(__state(f, a, border_color, true)) {}
  sampler(const sampler&) restrict(cpu, amp) = default;
  sampler& operator=(const sampler&) restrict(cpu, amp) = default;

  filter_mode get_filter_mode() const restrict(cpu, amp) { return _M_filter; }
  __AMPCL_PROPERTY_NAMED(filter_mode, filter_mode, get = get_filter_mode);
  address_mode get_address_mode() const restrict(cpu, amp) { return _M_address; }
  __AMPCL_PROPERTY_NAMED(address_mode, address_mode, get = get_address_mode);
  float_4 get_border_color() const restrict(cpu, amp) { return _M_border; }
  __AMPCL_PROPERTY(get = get_border_color) float_4 border_color;

  // ---- as an argument of ampcl's launches (a hand-written kernel's sampler_t) ----
  friend ampcl::detail::bound_arg bind(const sampler& s) restrict(cpu) {
    return ampcl::detail::bind_sampler(*s._M_sampler.get());
  }

  graphics::filter_mode _M_filter;
  graphics::address_mode _M_address;
  float_4 _M_border;
  __ampcl::sampler_handle _M_sampler __AMPCL_SAMPLER;

  // The OpenCL side, checked (unsupported_feature names what OpenCL cannot do).
  static __ampcl::sampler_handle __state(graphics::filter_mode f, graphics::address_mode a,
                                         const float_4& border, bool normalized) restrict(cpu) {
    const float rgba[4] = {border.get_x(), border.get_y(), border.get_z(), border.get_w()};
    return __ampcl::sampler_handle(ampcl::detail::create_sampler(
        static_cast<unsigned>(f), static_cast<unsigned>(a), rgba, normalized));
  }
};

template <typename T, int N>
T texture_view<const T, N>::sample(const sampler& s, const coordinates_type& c,
                                   float level_of_detail) const restrict(amp) {
  __check_sample();
  (void)level_of_detail;
  typedef __ampcl::coordinates<N> C;
  return __ampcl::sampled<T>::from(
      __ampcl::image_sample(_M_image._M_slot, s._M_sampler._M_slot, C::x(c), C::y(c), C::z(c)));
}
template <typename T, int N>
typename texture_view<const T, N>::gather_return_type texture_view<const T, N>::__gather(
    const sampler& s, const coordinates_type& c, int component) const restrict(amp) {
  __check_gather(component);
  typedef __ampcl::coordinates<N> C;
  return __from_gathered(
      __ampcl::image_gather(_M_image._M_slot, s._M_sampler._M_slot, component, C::x(c), C::y(c)));
}

// ---- texture members that need the views ----
template <typename T, int N>
texture<T, N>::texture(const texture_view<T, N>& v) restrict(cpu)
    : texture(v._M_extent, ampcl::detail::image_bits(*v._M_image.get()),
              ampcl::detail::image_view(*v._M_image.get())) {
  ampcl::detail::copy_image(*v._M_image.get(), *__storage());
}
template <typename T, int N>
texture<T, N>::texture(const texture_view<const T, N>& v) restrict(cpu)
    : texture(v._M_extent, ampcl::detail::image_bits(*v._M_image.get()),
              ampcl::detail::image_view(*v._M_image.get())) {
  ampcl::detail::copy_image(*v._M_image.get(), *__storage());
}
template <typename T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N>& dest) const restrict(cpu) {
  ampcl::detail::copy_image(*__storage(), *dest._M_image.get());
}
template <typename T, int N>
void texture<T, N>::copy_to(const texture_view<T, N>& dest) const restrict(cpu) {
  ampcl::detail::copy_image(*__storage(), *dest._M_image.get());
}

// ---- copies between textures and host memory ----

// Host iterators into a texture: exactly get_extent().size() texels.
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, texture<T, N>& dst) restrict(cpu) {
  const auto n = static_cast<std::size_t>(std::distance(first, last));
  if (n != dst.get_extent().size())
    throw ampcl::runtime_exception(
        "copy into " + __ampcl::texture_name<T, N>("texture") + ": the range holds " +
        std::to_string(n) + " texels but the texture " + std::to_string(dst.get_extent().size()) +
        "; pass exactly that many");
  dst.__assign(first, last);
}
// A texture to a host output iterator (get_extent().size() texels).
template <typename T, int N, class OutputIt>
void copy(const texture<T, N>& src, OutputIt dst) restrict(cpu) {
  const std::vector<T> texels = src.__read();
  std::copy(texels.begin(), texels.end(), dst);
}
// Raw bytes in the texture's own format (sizes: get_data_length()).
template <typename T, int N>
void copy(const void* src, unsigned int src_byte_size, texture<T, N>& dst) restrict(cpu) {
  ampcl::detail::write_image_raw(*dst.__storage(), src, src_byte_size);
}
template <typename T, int N>
void copy(const texture<T, N>& src, void* dst, unsigned int dst_byte_size) restrict(cpu) {
  ampcl::detail::read_image_raw(*src.__storage(), dst, dst_byte_size);
}
template <typename T, int N>
void copy(const texture<T, N>& src, texture<T, N>& dst) restrict(cpu) {
  ampcl::detail::copy_image(*src.__storage(), *dst.__storage());
}
template <typename T, int N>
void copy(const texture<T, N>& src, const writeonly_texture_view<T, N>& dst) restrict(cpu) {
  src.copy_to(dst);
}

// The same through views: into a writable view (texture_view<T, N> or
// writeonly_texture_view<T, N>), out of a readable one.
namespace __view_copy {
template <class T, int N, class InputIt>
void in(const std::shared_ptr<ampcl::detail::image_storage>& img, const extent<N>& e, InputIt first,
        InputIt last, const char* what) restrict(cpu) {
  const auto n = static_cast<std::size_t>(std::distance(first, last));
  if (n != e.size())
    throw ampcl::runtime_exception("copy into " + __ampcl::texture_name<T, N>(what) +
                                   ": the range holds " + std::to_string(n) +
                                   " texels but the view " + std::to_string(e.size()) +
                                   "; pass exactly that many");
  std::vector<T> texels(first, last);
  ampcl::detail::write_image_texels(*img, texels.data());
}
template <class T, int N, class OutputIt>
void out(const std::shared_ptr<ampcl::detail::image_storage>& img, const extent<N>& e,
         OutputIt dst) restrict(cpu) {
  std::vector<T> texels(e.size());
  ampcl::detail::read_image_texels(*img, texels.data());
  std::copy(texels.begin(), texels.end(), dst);
}
}  // namespace __view_copy
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, const texture_view<T, N>& dst) restrict(cpu) {
  __view_copy::in<T, N>(dst._M_image.get(), dst._M_extent, first, last, "texture_view");
}
template <class InputIt, typename T, int N>
void copy(InputIt first, InputIt last, const writeonly_texture_view<T, N>& dst) restrict(cpu) {
  __view_copy::in<T, N>(dst._M_image.get(), dst._M_extent, first, last, "writeonly_texture_view");
}
template <typename T, int N, class OutputIt>
void copy(const texture_view<const T, N>& src, OutputIt dst) restrict(cpu) {
  __view_copy::out<T, N>(src._M_image.get(), src._M_extent, dst);
}
template <typename T, int N, class OutputIt>
void copy(const texture_view<T, N>& src, OutputIt dst) restrict(cpu) {
  __view_copy::out<T, N>(src._M_image.get(), src._M_extent, dst);
}
template <typename T, int N>
void copy(const void* src, unsigned int src_byte_size,
          const texture_view<T, N>& dst) restrict(cpu) {
  ampcl::detail::write_image_raw(*dst._M_image.get(), src, src_byte_size);
}
template <typename T, int N>
void copy(const texture_view<const T, N>& src, void* dst,
          unsigned int dst_byte_size) restrict(cpu) {
  ampcl::detail::read_image_raw(*src._M_image.get(), dst, dst_byte_size);
}

// The same copies, asynchronous: each runs on the library's host worker thread, in
// submission order; sources and destinations must outlive the completion_future.
template <class InputIt, typename T, int N>
completion_future copy_async(InputIt first, InputIt last, texture<T, N>& dst) restrict(cpu) {
  return completion_future::run_on_host([first, last, &dst] { graphics::copy(first, last, dst); });
}
template <typename T, int N, class OutputIt>
completion_future copy_async(const texture<T, N>& src, OutputIt dst) restrict(cpu) {
  return completion_future::run_on_host([&src, dst] { graphics::copy(src, dst); });
}
template <typename T, int N>
completion_future copy_async(const void* src, unsigned int src_byte_size,
                             texture<T, N>& dst) restrict(cpu) {
  return completion_future::run_on_host(
      [src, src_byte_size, &dst] { graphics::copy(src, src_byte_size, dst); });
}
template <typename T, int N>
completion_future copy_async(const texture<T, N>& src, void* dst,
                             unsigned int dst_byte_size) restrict(cpu) {
  return completion_future::run_on_host(
      [&src, dst, dst_byte_size] { graphics::copy(src, dst, dst_byte_size); });
}
template <typename T, int N>
completion_future copy_async(const texture<T, N>& src, texture<T, N>& dst) restrict(cpu) {
  return completion_future::run_on_host([&src, &dst] { graphics::copy(src, dst); });
}

namespace direct3d {

// Direct3D interoperation: no OpenCL meaning.
#define __AMPCL_NO_D3D_TEXTURE(name)                                                        \
  template <class... Args>                                                                  \
  void name(Args&&...) {                                                                    \
    static_assert(__ampcl::graphics_unavailable<Args...>,                                   \
                  "graphics::direct3d::" #name                                              \
                  " works on Direct3D 11 textures, which ampcl (OpenCL) does not have: "    \
                  "create the texture from host data (texture<T, N>(extent, first, last)) " \
                  "and copy it back with copy(texture, iterator)");                         \
  }
__AMPCL_NO_D3D_TEXTURE(get_texture)
__AMPCL_NO_D3D_TEXTURE(get_sampler)
__AMPCL_NO_D3D_TEXTURE(create_sampler)
#undef __AMPCL_NO_D3D_TEXTURE
template <class T, int N, class... Args>
texture<T, N> make_texture(Args&&...) {
  static_assert(__ampcl::graphics_unavailable<T, Args...>,
                "graphics::direct3d::make_texture wraps a Direct3D 11 texture, which ampcl "
                "(OpenCL) does not have: create the texture from host data "
                "(texture<T, N>(extent, first, last))");
}

}  // namespace direct3d

}  // namespace graphics
}  // namespace Concurrency

// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
