#include "sim_dump.hpp"

#include <cstdint>
#include <cstring>
#include <iomanip>
#include <ostream>

namespace ampcl::sim {

namespace {

template <class T>
void dump_as(std::ostream& out, const sim_argument& arg, const unsigned char* bytes) {
  const std::size_t n = arg.size / sizeof(T);
  for (std::size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, bytes + i * sizeof(T), sizeof(T));
    out << "  " << arg.name << "[" << i << "] = ";
    if (arg.hex) out << "0x" << std::setfill('0') << std::setw(sizeof(T) * 2) << std::hex;
    if constexpr (sizeof(T) == 1)
      out << static_cast<int>(v);
    else
      out << v;
    out << std::dec << std::endl;
  }
  out << std::endl;
}

}  // namespace

void dump_argument(std::ostream& out, const sim_argument& arg, const unsigned char* bytes) {
  const auto saved = out.flags();
  const char fill = out.fill();
  out << std::dec << std::endl
      << "Argument '" << arg.name << "': " << arg.size << " bytes" << std::endl;
  switch (arg.type) {
    case value_type::char_:
      dump_as<std::int8_t>(out, arg, bytes);
      break;
    case value_type::uchar:
      dump_as<std::uint8_t>(out, arg, bytes);
      break;
    case value_type::short_:
      dump_as<std::int16_t>(out, arg, bytes);
      break;
    case value_type::ushort:
      dump_as<std::uint16_t>(out, arg, bytes);
      break;
    case value_type::int_:
      dump_as<std::int32_t>(out, arg, bytes);
      break;
    case value_type::uint:
      dump_as<std::uint32_t>(out, arg, bytes);
      break;
    case value_type::long_:
      dump_as<std::int64_t>(out, arg, bytes);
      break;
    case value_type::ulong:
      dump_as<std::uint64_t>(out, arg, bytes);
      break;
    case value_type::float_:
      dump_as<float>(out, arg, bytes);
      break;
    case value_type::double_:
      dump_as<double>(out, arg, bytes);
      break;
    case value_type::none:
      break;
  }
  out.flags(saved);
  out.fill(fill);
}

}  // namespace ampcl::sim
