#include "memory/texel_convert.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace ampcl::detail {

namespace {

template <class Narrow, class Wide>
Narrow saturate(Wide v) {
  const Wide lo = static_cast<Wide>(std::numeric_limits<Narrow>::min());
  const Wide hi = static_cast<Wide>(std::numeric_limits<Narrow>::max());
  return static_cast<Narrow>(std::clamp(v, lo, hi));
}

// OpenCL's float -> snorm/unorm: round(f * max) to nearest even, saturated.
template <class Narrow>
Narrow to_normalized(float f) {
  if (std::isnan(f)) return 0;
  const double scaled = std::nearbyint(static_cast<double>(f) * std::numeric_limits<Narrow>::max());
  return saturate<Narrow>(scaled);
}
template <class Narrow>
float from_normalized(Narrow c) {
  // snorm: -128 and -127 both read -1 (OpenCL's max(-1, c / 127)).
  return std::max(-1.f,
                  static_cast<float>(c) / static_cast<float>(std::numeric_limits<Narrow>::max()));
}

template <class Narrow, class Host>
void encode_ints(const Host* in, void* out, std::size_t n) {
  auto* o = static_cast<Narrow*>(out);
  for (std::size_t i = 0; i < n; ++i) o[i] = saturate<Narrow>(static_cast<long long>(in[i]));
}
template <class Narrow, class Host>
void decode_ints(const void* in, Host* out, std::size_t n) {
  const auto* p = static_cast<const Narrow*>(in);
  for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<Host>(p[i]);
}
template <class Narrow>
void encode_normalized(const float* in, void* out, std::size_t n) {
  auto* o = static_cast<Narrow*>(out);
  for (std::size_t i = 0; i < n; ++i) o[i] = to_normalized<Narrow>(in[i]);
}
template <class Narrow>
void decode_normalized(const void* in, float* out, std::size_t n) {
  const auto* p = static_cast<const Narrow*>(in);
  for (std::size_t i = 0; i < n; ++i) out[i] = from_normalized(p[i]);
}

}  // namespace

std::uint16_t float_to_half(float f) {
  std::uint32_t x;
  std::memcpy(&x, &f, 4);
  const std::uint16_t sign = static_cast<std::uint16_t>((x >> 16) & 0x8000u);
  const std::uint32_t abs = x & 0x7FFFFFFFu;
  if (abs >= 0x7F800000u)  // inf or NaN (NaN keeps a mantissa bit)
    return sign | 0x7C00u | (abs > 0x7F800000u ? 0x200u : 0u);
  if (abs >= 0x477FF000u) return sign | 0x7C00u;  // rounds past 65504: infinity
  if (abs < 0x38800000u) {                        // below 2^-14: subnormal half or zero
    float a;
    std::memcpy(&a, &abs, 4);
    return sign | static_cast<std::uint16_t>(std::nearbyint(a * 16777216.f));  // a / 2^-24
  }
  // Normal: rebias the exponent, round the 13 dropped bits to nearest even.
  const std::uint32_t mant = abs + 0xC8000FFFu + ((abs >> 13) & 1u);
  return sign | static_cast<std::uint16_t>(mant >> 13);
}

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = static_cast<std::uint32_t>(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1Fu, mant = h & 0x3FFu;
  float f;
  if (exp == 0) {
    f = std::ldexp(static_cast<float>(mant), -24);
    std::uint32_t bits;
    std::memcpy(&bits, &f, 4);
    bits |= sign;
    std::memcpy(&f, &bits, 4);
    return f;
  }
  const std::uint32_t bits =
      sign | (exp == 31 ? 0x7F800000u | (mant << 13) : ((exp + 112u) << 23) | (mant << 13));
  std::memcpy(&f, &bits, 4);
  return f;
}

void encode_scalars(texel_kind kind, unsigned bits, const void* host, void* image, std::size_t n) {
  if (bits == 32) {
    std::memcpy(image, host, n * 4);
    return;
  }
  const auto* i = static_cast<const std::int32_t*>(host);
  const auto* u = static_cast<const std::uint32_t*>(host);
  const auto* f = static_cast<const float*>(host);
  switch (kind) {
    case texel_kind::sint:
      return bits == 8 ? encode_ints<std::int8_t>(i, image, n)
                       : encode_ints<std::int16_t>(i, image, n);
    case texel_kind::uint:
      return bits == 8 ? encode_ints<std::uint8_t>(u, image, n)
                       : encode_ints<std::uint16_t>(u, image, n);
    case texel_kind::snorm:
      return bits == 8 ? encode_normalized<std::int8_t>(f, image, n)
                       : encode_normalized<std::int16_t>(f, image, n);
    case texel_kind::unorm:
      return bits == 8 ? encode_normalized<std::uint8_t>(f, image, n)
                       : encode_normalized<std::uint16_t>(f, image, n);
    case texel_kind::floating: {
      auto* o = static_cast<std::uint16_t*>(image);
      for (std::size_t k = 0; k < n; ++k) o[k] = float_to_half(f[k]);
      return;
    }
  }
}

void decode_scalars(texel_kind kind, unsigned bits, const void* image, void* host, std::size_t n) {
  if (bits == 32) {
    std::memcpy(host, image, n * 4);
    return;
  }
  auto* i = static_cast<std::int32_t*>(host);
  auto* u = static_cast<std::uint32_t*>(host);
  auto* f = static_cast<float*>(host);
  switch (kind) {
    case texel_kind::sint:
      return bits == 8 ? decode_ints<std::int8_t>(image, i, n)
                       : decode_ints<std::int16_t>(image, i, n);
    case texel_kind::uint:
      return bits == 8 ? decode_ints<std::uint8_t>(image, u, n)
                       : decode_ints<std::uint16_t>(image, u, n);
    case texel_kind::snorm:
      return bits == 8 ? decode_normalized<std::int8_t>(image, f, n)
                       : decode_normalized<std::int16_t>(image, f, n);
    case texel_kind::unorm:
      return bits == 8 ? decode_normalized<std::uint8_t>(image, f, n)
                       : decode_normalized<std::uint16_t>(image, f, n);
    case texel_kind::floating: {
      const auto* p = static_cast<const std::uint16_t*>(image);
      for (std::size_t k = 0; k < n; ++k) f[k] = half_to_float(p[k]);
      return;
    }
  }
}

}  // namespace ampcl::detail
