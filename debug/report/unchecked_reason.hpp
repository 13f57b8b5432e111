// Why a kernel was not (fully) checked: the reasons a not_checked report
// carries, so that a run can allow some of them (ampcl-racecheck
// --allow-unchecked=REASON,...) and fail on the others.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "hazard.hpp"

namespace ampcl::debug {

// X(id, "name", "what it means")
#define AMPCL_UNCHECKED_REASONS(X)                                                            \
  X(instrumenter, "instrumenter-error", "the instrumenter could not rewrite the kernel")      \
  X(build, "build-error", "the driver could not build the instrumented kernel")               \
  X(crash, "crash", "the process died of a signal while the launch was being built or run")   \
  X(watchdog, "watchdog", "the launch (or its build) did not finish in time")                 \
  X(launch_failed, "launch-failed",                                                           \
    "the driver reported the instrumented launch failed (a fault while it ran)")              \
  X(unsupported, "unsupported-construct",                                                     \
    "the kernel uses a construct the checker cannot follow, so some accesses went unchecked") \
  X(partial, "partial", "only some tiles or buffers were checked (shadow memory budget)")     \
  X(element_pattern, "element-pattern",                                                       \
    "an access left the pattern by which each work-item owns its elements of a buffer, "      \
    "which the checker relied on for that buffer")                                            \
  X(not_finished, "not-finished", "the program ended before the launch could be checked")     \
  X(program_binary, "program-binary",                                                         \
    "the program was made from a binary, IL or built-in kernels: no source to instrument")    \
  X(unsupported_device, "unsupported-device",                                                 \
    "the device lacks what the shadow runtime needs (64-bit atomics)")                        \
  X(local_memory, "local-memory",                                                             \
    "the kernel's __local arrays, which the checker keeps, exceed the device's local memory") \
  X(bad_setting, "bad-setting",                                                               \
    "a race-check setting in the environment (AMPCL_RACECHECK_*) has a value it cannot read") \
  X(host_device_unknown, "host-device-unknown",                                               \
    "a read-only argument's memory changed while earlier device work may have been writing it")

enum class unchecked_reason {
#define AMPCL_UNCHECKED_ENUMERATOR(id, name, text) id,
  AMPCL_UNCHECKED_REASONS(AMPCL_UNCHECKED_ENUMERATOR)
#undef AMPCL_UNCHECKED_ENUMERATOR
};

const char* to_string(unchecked_reason r);           // "crash", ...
const char* reason_description(unchecked_reason r);  // for --help
std::vector<unchecked_reason> all_unchecked_reasons();
// Accepts to_string() names; nullopt-like false when unknown.
bool parse_unchecked_reason(std::string_view name, unchecked_reason& out);

// A not_checked report for `kernel` (its source file in `file`): `detail` says
// what happened and what to do.
hazard not_checked(unchecked_reason why, const std::string& kernel, const std::string& file,
                   const std::string& detail);

}  // namespace ampcl::debug
