// Host texels (4-byte scalars) to and from an image's narrower channels, with
// OpenCL's conversion rules: integers saturate, normalized values round to the
// nearest step and saturate, halves round to nearest even.
#pragma once

#include <ampcl/detail/image_storage.hpp>
#include <cstddef>
#include <cstdint>

namespace ampcl::detail {

// `count` scalars from 4-byte host scalars of `kind` to `bits`-wide channels.
void encode_scalars(texel_kind kind, unsigned bits, const void* host, void* image,
                    std::size_t count);
void decode_scalars(texel_kind kind, unsigned bits, const void* image, void* host,
                    std::size_t count);

std::uint16_t float_to_half(float f);
float half_to_float(std::uint16_t h);

}  // namespace ampcl::detail
