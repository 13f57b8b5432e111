// Textures as OpenCL images (clCreateImage with cl_image_desc, OpenCL 1.2).
#include <ampcl/errors.hpp>
#include <cstring>
#include <vector>

#include "devices/device_state.hpp"
#include "memory/image_storage.hpp"
#include "memory/texel_convert.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

namespace {

const char* kind_name(texel_kind k) {
  switch (k) {
    case texel_kind::sint:
      return "int";
    case texel_kind::uint:
      return "uint";
    case texel_kind::floating:
      return "float";
    case texel_kind::snorm:
      return "norm";
    case texel_kind::unorm:
      return "unorm";
  }
  return "?";
}

// The channel type of `f`, or 0 when C++ AMP (and OpenCL) have no such format.
cl_channel_type channel_type(const texel_format& f) {
  switch (f.kind) {
    case texel_kind::sint:
      return f.bits == 8    ? CL_SIGNED_INT8
             : f.bits == 16 ? CL_SIGNED_INT16
             : f.bits == 32 ? CL_SIGNED_INT32
                            : 0;
    case texel_kind::uint:
      return f.bits == 8    ? CL_UNSIGNED_INT8
             : f.bits == 16 ? CL_UNSIGNED_INT16
             : f.bits == 32 ? CL_UNSIGNED_INT32
                            : 0;
    case texel_kind::floating:
      return f.bits == 16 ? CL_HALF_FLOAT : f.bits == 32 ? CL_FLOAT : 0;
    case texel_kind::snorm:
      return f.bits == 8 ? CL_SNORM_INT8 : f.bits == 16 ? CL_SNORM_INT16 : 0;
    case texel_kind::unorm:
      return f.bits == 8 ? CL_UNORM_INT8 : f.bits == 16 ? CL_UNORM_INT16 : 0;
  }
  return 0;
}

cl_channel_order channel_order(int components) {
  return components == 1 ? CL_R : components == 2 ? CL_RG : CL_RGBA;
}

cl_mem_object_type image_type(int rank) {
  return rank == 1   ? CL_MEM_OBJECT_IMAGE1D
         : rank == 2 ? CL_MEM_OBJECT_IMAGE2D
                     : CL_MEM_OBJECT_IMAGE3D;
}

bool format_supported(cl_context ctx, cl_mem_object_type type, const cl_image_format& want) {
  cl_uint n = 0;
  if (clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, type, 0, nullptr, &n) != CL_SUCCESS)
    return false;
  std::vector<cl_image_format> formats(n);
  clGetSupportedImageFormats(ctx, CL_MEM_READ_WRITE, type, n, formats.data(), nullptr);
  for (const auto& f : formats)
    if (f.image_channel_order == want.image_channel_order &&
        f.image_channel_data_type == want.image_channel_data_type)
      return true;
  return false;
}

void check_images(const accelerator_view& view, const std::string& type_name) {
  const device_info& info = view.state()->dev->info;
  if (!info.images)
    throw unsupported_feature(
        type_name + " needs image support, but " + info.name +
            " has none (CL_DEVICE_IMAGE_SUPPORT is false): use an array<T, N> "
            "instead, or pick a device with images (ampcl-info lists them)",
        CL_INVALID_OPERATION);
}

void check_size(const image_storage& img, std::size_t bytes, const char* what) {
  const std::size_t expected = img.texel_count() * img.image_texel_bytes();
  if (bytes != expected)
    throw runtime_exception(std::string(what) + " of " + img.type_name() + ": " +
                                std::to_string(bytes) + " bytes given, but the texture holds " +
                                std::to_string(expected) + " (get_data_length())",
                            CL_INVALID_VALUE);
}

void enqueue_write(image_storage& img, const void* data) {
  view_state& vs = *img.view().state();
  vs.check_usable();
  const std::size_t origin[3] = {0, 0, 0};
  std::size_t region[3];
  img.region(region);
  check(clEnqueueWriteImage(vs.queue.get(), img.mem(), CL_TRUE, origin, region, 0, 0, data, 0,
                            nullptr, nullptr),
        "clEnqueueWriteImage", "copying host data into " + img.type_name());
  ++global_counters().host_to_device_copies;
  global_counters().bytes_to_device += img.texel_count() * img.stored_texel_bytes();
}

void enqueue_read(const image_storage& img, void* data) {
  view_state& vs = *img.view().state();
  vs.check_usable();
  const std::size_t origin[3] = {0, 0, 0};
  std::size_t region[3];
  img.region(region);
  // Blocking, on the texture's in-order queue: kernels writing it finish first.
  check(clEnqueueReadImage(vs.queue.get(), img.mem(), CL_TRUE, origin, region, 0, 0, data, 0,
                           nullptr, nullptr),
        "clEnqueueReadImage", "copying " + img.type_name() + " to the host");
  ++global_counters().device_to_host_copies;
  global_counters().bytes_to_host += img.texel_count() * img.stored_texel_bytes();
}

// Texels in the texture's format to and from the stored (padded) layout.
void write_logical(image_storage& img, const void* texels) {
  if (!img.padded()) return enqueue_write(img, texels);
  const texel_format& f = img.format();
  const std::size_t scalar = f.bits / 8, have = img.image_texel_bytes(),
                    stored = img.stored_texel_bytes();
  // The padding: 0 for the missing colour channels, 1 in the channel's encoding for alpha.
  std::vector<unsigned char> pad(stored, 0);
  const std::int32_t one_int = 1;
  const float one_float = 1.f;
  const bool floating =
      f.kind == texel_kind::floating || f.kind == texel_kind::snorm || f.kind == texel_kind::unorm;
  encode_scalars(f.kind, f.bits, floating ? static_cast<const void*>(&one_float) : &one_int,
                 pad.data() + 3 * scalar, 1);
  std::vector<unsigned char> bytes(img.texel_count() * stored);
  const auto* in = static_cast<const unsigned char*>(texels);
  for (std::size_t t = 0; t < img.texel_count(); ++t) {
    std::memcpy(bytes.data() + t * stored, pad.data(), stored);
    std::memcpy(bytes.data() + t * stored, in + t * have, have);
  }
  enqueue_write(img, bytes.data());
}

void read_logical(const image_storage& img, void* texels) {
  if (!img.padded()) return enqueue_read(img, texels);
  const std::size_t have = img.image_texel_bytes(), stored = img.stored_texel_bytes();
  std::vector<unsigned char> bytes(img.texel_count() * stored);
  enqueue_read(img, bytes.data());
  auto* out = static_cast<unsigned char*>(texels);
  for (std::size_t t = 0; t < img.texel_count(); ++t)
    std::memcpy(out + t * have, bytes.data() + t * stored, have);
}

}  // namespace

std::shared_ptr<image_storage> create_image(const accelerator_view& view, int rank, const int* ext,
                                            texel_format format, const char* type_name) {
  const std::string name = type_name;
  check_images(view, name);
  view.state()->check_usable();
  for (int d = 0; d < rank; ++d)
    if (ext[d] <= 0)
      throw runtime_exception(name + ": extent dimension " + std::to_string(d) + " is " +
                                  std::to_string(ext[d]) + "; textures need positive extents",
                              CL_INVALID_IMAGE_SIZE);
  const cl_channel_type type = channel_type(format);
  if (type == 0)
    throw unsupported_feature(name + " cannot store " + std::to_string(format.bits) + " bits per " +
                                  kind_name(format.kind) +
                                  " scalar: int and uint take 8, 16 or 32, "
                                  "float 16 or 32, norm and unorm 8 or 16",
                              CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_image_format fmt{channel_order(format.components), type};
  const cl_context ctx = view.context();
  const device_info& info = view.state()->dev->info;
  int stored_components = format.components;
  if (!format_supported(ctx, image_type(rank), fmt) && format.components < 4) {
    // PoCL, for one, has no CL_RG images: keep the texels in RGBA with padding.
    fmt.image_channel_order = CL_RGBA;
    stored_components = 4;
  }
  if (!format_supported(ctx, image_type(rank), fmt))
    throw unsupported_feature(
        name + " with " + std::to_string(format.bits) +
            "-bit scalars needs an "
            "image format " +
            info.name +
            " does not support "
            "(clGetSupportedImageFormats): use another element type or bit width",
        CL_IMAGE_FORMAT_NOT_SUPPORTED);
  cl_image_desc desc{};
  desc.image_type = image_type(rank);
  desc.image_width = static_cast<std::size_t>(ext[rank - 1]);
  desc.image_height = rank >= 2 ? static_cast<std::size_t>(ext[rank - 2]) : 1;
  desc.image_depth = rank == 3 ? static_cast<std::size_t>(ext[0]) : 1;
  cl_int err = CL_SUCCESS;
  cl_handle<cl_mem> mem(clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &desc, nullptr, &err));
  check(err, "clCreateImage", "for " + name + " on " + info.name);
  return std::make_shared<image_storage>(view, std::move(mem), rank, ext, format, stored_components,
                                         name);
}

cl_mem image_mem(const image_storage& img) {
  return img.mem();
}
accelerator_view image_view(const image_storage& img) {
  return img.view();
}
unsigned image_bits(const image_storage& img) {
  return img.format().bits;
}
std::size_t image_bytes(const image_storage& img) {
  return img.texel_count() * img.image_texel_bytes();
}

void write_image_texels(image_storage& img, const void* texels) {
  const texel_format& f = img.format();
  if (f.bits == 32) return write_logical(img, texels);
  const std::size_t scalars = img.texel_count() * static_cast<std::size_t>(f.components);
  std::vector<unsigned char> narrow(scalars * f.bits / 8);
  encode_scalars(f.kind, f.bits, texels, narrow.data(), scalars);
  write_logical(img, narrow.data());
}

void read_image_texels(const image_storage& img, void* texels) {
  const texel_format& f = img.format();
  if (f.bits == 32) return read_logical(img, texels);
  const std::size_t scalars = img.texel_count() * static_cast<std::size_t>(f.components);
  std::vector<unsigned char> narrow(scalars * f.bits / 8);
  read_logical(img, narrow.data());
  decode_scalars(f.kind, f.bits, narrow.data(), texels, scalars);
}

void write_image_raw(image_storage& img, const void* data, std::size_t bytes) {
  check_size(img, bytes, "copy into");
  write_logical(img, data);
}

void read_image_raw(const image_storage& img, void* data, std::size_t bytes) {
  check_size(img, bytes, "copy out");
  read_logical(img, data);
}

void copy_image(const image_storage& src, image_storage& dst) {
  std::size_t a[3], b[3];
  src.region(a);
  dst.region(b);
  const texel_format &fs = src.format(), &fd = dst.format();
  if (src.rank() != dst.rank() || a[0] != b[0] || a[1] != b[1] || a[2] != b[2] ||
      fs.kind != fd.kind || fs.components != fd.components || fs.bits != fd.bits)
    throw runtime_exception("copy from " + src.type_name() + " to " + dst.type_name() +
                                ": textures differ in extent or format (bits per scalar); copy "
                                "between textures of one extent and format",
                            CL_IMAGE_FORMAT_MISMATCH);
  if (&src == &dst) return;
  view_state& sv = *src.view().state();
  view_state& dv = *dst.view().state();
  if (src.view().context() != dst.view().context()) {  // another device: through the host
    std::vector<unsigned char> bytes(image_bytes(src));
    read_logical(src, bytes.data());
    write_logical(dst, bytes.data());
    return;
  }
  // One context, maybe two queues: the source's writers finish first.
  if (&sv != &dv) check(clFinish(sv.queue.get()), "clFinish", "before copying " + src.type_name());
  dv.check_usable();
  const std::size_t origin[3] = {0, 0, 0};
  check(clEnqueueCopyImage(dv.queue.get(), src.mem(), dst.mem(), origin, origin, a, 0, nullptr,
                           nullptr),
        "clEnqueueCopyImage", "copying " + src.type_name());
  after_enqueue(dv);
}

}  // namespace ampcl::detail
