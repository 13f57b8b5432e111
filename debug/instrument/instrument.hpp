// The instrumenter: rewrites one OpenCL C 1.2 kernel so that every tile_static and
// global access, atomic and barrier goes through the shadow runtime's hooks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "contract.h"

namespace ampcl::debug {

// The contract's AMPCL_ACCESS_KINDS: read_write is a compound assignment or
// ++/-- (checked as a read, then a write), fence a mem_fence without a barrier,
// exit a return from the kernel or the end of its body, branch a condition
// that guards a barrier (voted for uniformity).
enum class access_kind : std::uint8_t {
#define AMPCL_ACCESS_ENUMERATOR(id, code, value, name) id = value,
  AMPCL_ACCESS_KINDS(AMPCL_ACCESS_ENUMERATOR)
#undef AMPCL_ACCESS_ENUMERATOR
};

enum class memory_space : std::uint8_t { none, tile_static, global };

const char* to_string(access_kind k);  // "read", "write", "atomic", "barrier", ...

// One instrumented place in the user's source. Site ids start at 1 (0 = none).
struct site_info {
  std::uint32_t id = 0;
  std::string file;
  int line = 0;
  int column = 0;
  std::string variable;  // base variable of the access as written ("" for barriers)
  access_kind kind = access_kind::read;
  memory_space space = memory_space::none;
  unsigned fence_flags = 0;        // barriers and fences: CLK_* bits when constant, else 3
  std::uint32_t related_site = 0;  // branch sites: the first barrier the branch guards
  // tile_static reads no write of their object can share a barrier interval with
  // (debug/instrument/quiet_reads.hpp): checked for bounds and initialization only
  bool quiet = false;
};

// A tile_static object of the instrumented kernel: a `tile_static` variable, or a
// `__local` pointer parameter whose size the host passes at launch.
struct tile_static_object {
  std::string name;
  std::uint64_t bytes = 0;    // 0 for a __local parameter (size known at launch)
  std::uint32_t granule = 4;  // shadow granularity: the scalar element size
  int param_index = -1;       // >= 0 for a __local pointer parameter
};

// A __global pointer parameter of the instrumented kernel.
struct global_object {
  std::string name;
  int param_index = -1;
  std::uint32_t element_bytes = 4;  // sizeof the pointee
  std::uint32_t granule = 4;        // shadow granularity: the scalar element size
  bool is_const = false;            // read-only: bounds-checked, not shadowed (unless aliased)
  // The kernel stores through it nowhere (no store, atomic or copy names it, and
  // none goes through a pointer whose buffer is unknown): as is_const, it needs no
  // shadow where no written argument of the launch shares its memory.
  bool never_written = false;
  // Each work-item owns the elements it touches (owned_elements.hpp) where, in a
  // launch, only these dimensions vary (bit d): no shadow then. 0: not owned.
  std::uint32_t owned_dims = 0;
  // The kernel names it only to read through subscripts, which go unshadowed
  // (owned_elements.hpp) where the host would give it no shadow either.
  bool read_only_subscripts = false;
  int view_param_index = -1;  // the matching `name_view` ampcl_view parameter
};

struct instrument_result {
  bool ok = false;
  std::string diagnostics;  // Clang's, mapped to the user's file:line:col
  std::string source;       // complete program: shadow runtime + rewritten user code
  std::string kernel_name;
  unsigned user_param_count = 0;          // the kernel's own parameters
  std::vector<std::string> extra_params;  // appended parameter names, in order
  std::vector<site_info> sites;           // sites[i].id == i + 1
  std::vector<tile_static_object> tile_static;
  std::vector<global_object> globals;
  // The program's __global object slots (AMPCL_RC_NG), at least globals.size():
  // where kernels are instrumented together, the most any of them has. The
  // launch's configuration has this many, those past `globals` empty.
  std::uint32_t global_slots = 1;
  // __global access sites in the checked kernels and in helpers (the program's
  // other kernels' fold away): their count decides where the __global slow path
  // goes (AMPCL_RC_GLOBAL_SITES, shadow.clh).
  std::uint32_t checked_global_sites = 0;
  std::vector<std::string> warnings;  // accesses that could not be instrumented
  // A barrier's flags are not a constant, so they can differ between work-items:
  // the runtime then judges order by each access's own work-item's fences.
  bool varying_fence_flags = false;

  const site_info* site(std::uint32_t id) const {
    return id >= 1 && id <= sites.size() ? &sites[id - 1] : nullptr;
  }
};

// The parameters appended to the kernel (the contract's AMPCL_EXTRA_PARAMS), in
// this order: their names and declarations as the rewriter writes them.
struct extra_param_info {
  const char* name;         // "__ampcl_ls"
  const char* declaration;  // "__global ulong* __ampcl_ls"
  const char* host_type;    // what argument info reports: "ulong*"
  bool read_only;
};
#define AMPCL_EXTRA_PARAM_INFO(id, name, type, host_type, read_only) \
  {#name, #type " " #name, host_type, read_only != 0},
inline constexpr extra_param_info kExtraParams[] = {AMPCL_EXTRA_PARAMS(AMPCL_EXTRA_PARAM_INFO)};
#undef AMPCL_EXTRA_PARAM_INFO

// A kernel without tile_static memory is instrumented together with the program's
// other such kernels (up to max_kernels_together in all): the source is then the
// same for each of them, so one driver build serves all their launches; the
// result's objects are `kernel_name`'s. A kernel with tile_static memory has its
// own program (its launch's tile shape is a define).
// Never throws for bad input: invalid OpenCL C gives ok == false with diagnostics.
instrument_result instrument(const std::string& source, const std::string& source_name,
                             const std::string& build_options, const std::string& kernel_name);

// The device-side shadow runtime (debug/runtime/shadow.clh) and the contract it
// includes (debug/runtime/contract.h), embedded at build time.
const std::string& shadow_runtime_source();
const std::string& contract_source();

}  // namespace ampcl::debug
