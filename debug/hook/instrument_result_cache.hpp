// The instrumenter's results on disk, beside the programs (AMPCL_CACHE_DIR), so that
// a new process (the next test of a suite, the next CI run with a cached folder)
// skips ampcl-instrument's parse of a kernel it instrumented before.
//
// The key covers everything the result depends on: the tool (its path, size and
// modification time: a rebuilt instrumenter misses), the shadow runtime it pastes in
// (AMPCL_RACECHECK_RUNTIME's file, when set), Clang's resource folder setting, the
// source and every file it #includes, the build options, the file name and the
// kernel. What cannot be keyed (a tool found only through PATH, an #include not
// found) is instrumented as before and not stored. Only successful results are
// stored; an entry that does not read back is a miss.
#pragma once

#include <cstddef>
#include <string>

#include "instrument.hpp"

namespace ampcl::detail {
class binary_cache;
}

namespace ampcl::debug {

instrument_result instrument_with_disk_cache(ampcl::detail::binary_cache& cache,
                                             const std::string& source,
                                             const std::string& source_name,
                                             const std::string& build_options,
                                             const std::string& kernel_name);

// This process's count of instrumenter runs and of results read from the disk.
struct instrument_disk_counts {
  std::size_t runs = 0, loads = 0;
};
instrument_disk_counts instrument_disk_stats();

}  // namespace ampcl::debug
