// Loops of quiet reads compiled twice. A quiet read (quiet_reads.hpp) checks its
// bounds and that its element was ever written; once its object is written
// everywhere, only the bounds are left. Which objects are, changes only at
// barriers, so a loop the work-items run without one (outermost_barrier_free_loop)
// is emitted twice: a copy whose quiet reads check bounds alone, taken when the
// objects they read are all written, and the checked copy. Decided once per loop
// entry, the fast copy has no branch per read and the driver's compiler unrolls
// and schedules it as it would the original (the tiled SGEMM's inner loop). The
// checked copy is kept rolled (#pragma unroll 1): it runs rarely, and unrolled,
// its hooks' live values set the register count of the whole kernel.
//
// The rewriter marks each such loop (its text then holds the other rules'
// rewrites) and expand_quiet_loops, run on the rewritten program, repeats it.
#pragma once

#include <cstdint>
#include <set>
#include <string>

namespace ampcl::debug::detail {

// The macros a quiet read in such a loop calls (shadow.clh defines them as the
// checked copy needs them; the fast copy redefines them): the read's hook, its
// in-bounds test where the test is made before the loop, and the subscript check
// of its inner dimensions.
inline constexpr const char* kQuietReadHook = "__AMPCL_QUIET_READ";
inline constexpr const char* kQuietInBoundsHook = "__AMPCL_QUIET_INB";
inline constexpr const char* kQuietSubscriptHook = "__AMPCL_QUIET_SUBSCRIPT";

// The test that enters the fast copy: the quiet reads' objects (bit k: object k)
// all written everywhere, and the in-bounds tests made before the loop.
std::string quiet_loop_condition(std::uint32_t objects, const std::set<std::string>& tests);

// Markers around loop `n`, entered fast under `condition`, which starts at `line`
// of `file`. `hints`: the loop hints the user wrote before it (`#pragma unroll 4`
// lines, `__attribute__((opencl_unroll_hint(4)))`), for its fast copy.
std::string quiet_loop_begin(unsigned n, const std::string& condition, unsigned line,
                             const std::string& file, const std::string& hints = "");
std::string quiet_loop_end(unsigned n);

// The program with each marked loop emitted twice under its condition, #line
// directives keeping the lines of what follows.
std::string expand_quiet_loops(const std::string& program);

}  // namespace ampcl::debug::detail
