// The OpenCL image behind a texture (lib/memory/texture.cpp). Opaque here: C++
// AMP's texture classes (ampcl/concurrency/graphics.h) describe the texel format
// and move host data; the library creates, converts, copies and releases.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/cl.hpp>
#include <ampcl/detail/bound_arg.hpp>
#include <cstddef>
#include <memory>

namespace ampcl::detail {

// The host scalar of a texel component: int, unsigned int, float, norm, unorm
// (all four bytes on the host).
enum class texel_kind : unsigned char { sint, uint, floating, snorm, unorm };

struct texel_format {
  texel_kind kind = texel_kind::floating;
  int components = 1;  // 1, 2 or 4
  unsigned bits = 32;  // bits per scalar in the image
};

class image_storage;

// An image of `rank` (1..3) with extent `ext` (AMP order) on `view`. Throws
// unsupported_feature where the device has no images or not this format;
// `type_name` ("texture<float, 2>") is for messages.
std::shared_ptr<image_storage> create_image(const accelerator_view& view, int rank, const int* ext,
                                            texel_format format, const char* type_name);

cl_mem image_mem(const image_storage& img);
accelerator_view image_view(const image_storage& img);
unsigned image_bits(const image_storage& img);
// Bytes of the whole image in its own format (what raw copies move).
std::size_t image_bytes(const image_storage& img);

// The whole image from / to host texels of 4-byte scalars in AMP row-major order,
// converted where the image stores fewer bits (saturating, OpenCL's rules).
void write_image_texels(image_storage& img, const void* texels);
void read_image_texels(const image_storage& img, void* texels);
// The whole image from / to bytes in its own format; `bytes` must be image_bytes().
void write_image_raw(image_storage& img, const void* data, std::size_t bytes);
void read_image_raw(const image_storage& img, void* data, std::size_t bytes);
// Same extent and format; on the device when both share a context.
void copy_image(const image_storage& src, image_storage& dst);

// OpenCL 1.2 images are read-only or write-only within one kernel: which of the
// two a kernel argument may be bound as.
enum class image_access { read_write, read_only, write_only };

// A texture or texture view as a kernel argument; `type_name` ("texture_view<const
// float, 2>") is for messages and must outlive the launch.
inline bound_arg bind_image(const image_storage& img, int rank, image_access access,
                            const char* type_name) {
  bound_arg b;
  b.what = bound_arg::kind::image;
  b.image = &img;
  b.raw = image_mem(img);
  b.rank = rank;
  b.container = type_name;
  b.read_only_view = access == image_access::read_only;
  b.write_only_view = access == image_access::write_only;
  return b;
}

}  // namespace ampcl::detail
