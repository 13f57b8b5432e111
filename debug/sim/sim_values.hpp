// Typed argument data: one value, a fill, or a range, as bytes in host order.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "sim_types.hpp"

namespace ampcl::sim {

// Appends the bytes of `text` read as `type`. With `hex`, integers are base 16
// (an optional 0x prefix is allowed); floating-point values are always decimal
// (or C hex-float). Returns false and sets `why` when `text` is not a value of
// that type or is out of its range.
bool append_value(value_type type, const std::string& text, bool hex,
                  std::vector<unsigned char>& out, std::string& why);

// `size` bytes, every element `text`.
bool make_fill(value_type type, const std::string& text, bool hex, std::size_t size,
               std::vector<unsigned char>& out, std::string& why);

// `text` is START:INC:END; elements START, START+INC, ... up to END inclusive.
// The number of elements times the element size must equal `size`.
bool make_range(value_type type, const std::string& text, bool hex, std::size_t size,
                std::vector<unsigned char>& out, std::string& why);

}  // namespace ampcl::sim
