// Prints a `dump` argument after the launch exactly as oclgrind-kernel does,
// so outputs can be diffed against it:
//
//   <blank line>
//   Argument 'out': 16 bytes
//     out[0] = 1
//     ...
//   <blank line>
#pragma once

#include <iosfwd>

#include "sim_types.hpp"

namespace ampcl::sim {

// `bytes` holds arg.size bytes read back from the device.
void dump_argument(std::ostream& out, const sim_argument& arg, const unsigned char* bytes);

}  // namespace ampcl::sim
