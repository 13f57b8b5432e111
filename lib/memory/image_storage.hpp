// The OpenCL image behind a texture: created once, released by its handle.
#pragma once

#include <ampcl/detail/image_storage.hpp>
#include <string>

#include "support/cl_handle.hpp"

namespace ampcl::detail {

class image_storage {
 public:
  image_storage(accelerator_view view, cl_handle<cl_mem> image, int rank, const int* ext,
                texel_format format, int stored_components, std::string type_name)
      : view_(std::move(view)),
        image_(std::move(image)),
        rank_(rank),
        format_(format),
        stored_components_(stored_components),
        type_name_(std::move(type_name)) {
    for (int d = 0; d < 3; ++d) ext_[d] = d < rank ? ext[d] : 1;
  }

  const accelerator_view& view() const { return view_; }
  cl_mem mem() const { return image_.get(); }
  int rank() const { return rank_; }
  const texel_format& format() const { return format_; }
  const std::string& type_name() const { return type_name_; }
  std::size_t texel_count() const { return static_cast<std::size_t>(ext_[0]) * ext_[1] * ext_[2]; }
  // A texel as the texture's format has it (what host copies and raw bytes hold).
  std::size_t image_texel_bytes() const { return format_.components * format_.bits / 8; }
  // Where the device lacks a 1- or 2-channel format, the image is RGBA and the
  // missing channels are padding (0, alpha 1), added and dropped on transfers.
  int stored_components() const { return stored_components_; }
  bool padded() const { return stored_components_ != format_.components; }
  std::size_t stored_texel_bytes() const { return stored_components_ * format_.bits / 8; }
  // OpenCL order (x fastest): AMP dimension d of a rank-N texture is x/y/z N-1-d.
  void region(std::size_t out[3]) const {
    for (int d = 0; d < 3; ++d)
      out[d] = d < rank_ ? static_cast<std::size_t>(ext_[rank_ - 1 - d]) : 1;
  }

 private:
  accelerator_view view_;
  cl_handle<cl_mem> image_;
  int rank_;
  int ext_[3];  // AMP order, 1 past the rank
  texel_format format_;
  int stored_components_;
  std::string type_name_;
};

}  // namespace ampcl::detail
