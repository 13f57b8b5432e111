// The shadow state of one checked launch: sizing it (within a memory budget,
// checking a subset of tiles when the launch is too big), preparing its buffers
// (reused across launches through a shadow_pool) and reading the device's
// records back.
#pragma once

#include <ampcl/detail/cl_handle.hpp>
#include <ampcl/launch_hook.hpp>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "layout.hpp"
#include "pinned_words.hpp"

namespace ampcl::debug {

// How a launch finds its global shadow zero (contract.h): zeroed by the launch before
// as its work-items exit (every word, or only the pages it marked), or filled by the
// host before the launch. In the order of AMPCL_RACECHECK_SHADOW_ZEROING's choices.
enum class shadow_zeroing { automatic, items, pages, host };

// `automatic` resolved for a launch of `items` work-items over `words` shadow words:
// pages on a CPU device (a fill there is the host's memset of every word); on others
// the work-items, unless each would zero more than max_zero_words_per_item (a few
// work-items over large buffers: PolyBench's gramschmidt spent most of its checked
// run there on an H200), where one fill command costs the device far less.
inline constexpr std::uint64_t max_zero_words_per_item = 64;
shadow_zeroing resolve_zeroing(shadow_zeroing chosen, bool cpu_device, std::uint64_t items,
                               std::uint64_t words);

struct racecheck_options {
  // AMPCL_RACECHECK_SHADOW_MB; unset: derived from the device (device_shadow_budget),
  // or the fallback where nothing says what the device has.
  std::optional<std::size_t> shadow_budget_bytes;
  static constexpr std::size_t fallback_shadow_budget = std::size_t{512} << 20;
  std::uint32_t record_capacity = 4096;
  double timeout_seconds = 120;        // AMPCL_RACECHECK_TIMEOUT_S: the watchdog on a launch
  double build_timeout_seconds = 600;  // AMPCL_RACECHECK_BUILD_TIMEOUT_S: on a build
  // AMPCL_RACECHECK_IN_FLIGHT_MB: a launch whose shadow is no larger is finished
  // once the next one is queued (racecheck_hook), which takes shadow buffers of its
  // own; 0: each launch is finished before the next one is made
  std::size_t in_flight_shadow_bytes = std::size_t{64} << 20;
  bool local_shadow = true;  // AMPCL_RACECHECK_LOCAL_SHADOW=0: tile_static shadow in
                             // __global memory even where __local memory has room
  // AMPCL_RACECHECK_OWNED=0: buffers whose elements each work-item owns
  // (global_object::owned_dims) get a shadow as any other
  bool owned = true;
  // layout::report_same_value_env=1 (ampcl-racecheck --report-same-value-writes): a
  // plain store of the value another work-item's unordered store left is reported
  bool report_same_value = false;
  shadow_zeroing zeroing = shadow_zeroing::automatic;  // AMPCL_RACECHECK_SHADOW_ZEROING
  std::vector<cl_mem> uninitialized;  // buffers whose contents start undefined (per launch)
  // The AMPCL_RACECHECK_* settings over the defaults. Throws std::invalid_argument,
  // naming the variable, its value and what it takes, for a value that is not one
  // (a run with a setting it cannot read checks nothing: racecheck_hook, the layer).
  static racecheck_options from_environment();
  // layout::uninitialized_buffers_env, read at each launch.
  static std::vector<cl_mem> uninitialized_from_environment();
};

// The event's CL_EVENT_COMMAND_EXECUTION_STATUS, or the error that querying it gave.
cl_int execution_status(cl_event event);

// Sizes of everything, before any allocation (pure: unit-testable).
struct shadow_plan {
  launch_shape launch;
  std::uint32_t tiles = 1;
  std::uint32_t tile_stride = 1;   // tile t is checked when t % tile_stride == 0
  std::uint32_t slots = 1;         // checked tiles with a slot in the __global shadow
  std::uint32_t slot_words = 0;    // ulongs of tile_static shadow per tile
  std::uint32_t local_words = 0;   // nonzero: the tile_static shadow is in __local memory
  std::uint64_t global_words = 0;  // ulongs of global shadow
  std::uint32_t items = 0;         // work-items whose fences are kept (0: none)
  shadow_zeroing zeroing = shadow_zeroing::automatic;
  bool partial = false;
  std::string partial_reason;
  // The instrumented kernel states the launch's tile shape (AMPCL_RC_KERNEL_SHAPE):
  // tiled launches of kernels with tile_static memory, whose quiet reads and
  // register use it serves. Elsewhere it gains nothing, and NVIDIA's compiler
  // built Oclgrind's uninitialized_address (subscripts from uninitialized
  // variables) shaped 1x1x1 into a kernel that faults instead of being reported.
  bool states_tile_shape = false;
  // shadow_all_needed: the program is built with AMPCL_SHADOW_ALL, and owned
  // buffers get a shadow as any other.
  bool shadow_all = false;
  std::vector<std::uint32_t> cfg;  // the __ampcl_cfg buffer's contents

  // __ampcl_items: the work-items' fence epochs, in programs whose barrier flags
  // vary between work-items (none elsewhere)
  std::uint64_t item_buffer_words() const;
  std::string build_options() const;  // -D for the instrumented program
};

// The shadow budget of one launch on a device with `global_mem` bytes whose largest
// allocation is `max_alloc`: a quarter of its memory, and no more than half the largest
// allocation (the global shadow is one buffer holding two copies).
std::size_t device_shadow_budget(std::uint64_t global_mem, std::uint64_t max_alloc);

// Whether the launch needs the program built with AMPCL_SHADOW_ALL: its kernel has
// buffers the instrumenter left unshadowed (owned_elements.hpp) and the launch does
// not keep what that takes: for a read-only one, no written argument sharing its
// memory (and what plan_shadow asks of read-only buffers); for an owned one, only
// its dimensions varying in `shape`, no other argument sharing its memory, its
// contents defined; and AMPCL_RACECHECK_OWNED on.
bool shadow_all_needed(const instrument_result& program, const launch_record& launch,
                       const launch_shape& shape, const racecheck_options& options);

// `local_room`: bytes of __local memory a work-group may use on the device.
shadow_plan plan_shadow(const instrument_result& program, const launch_record& launch,
                        const racecheck_options& options, std::uint64_t local_room = 0);

// Shadow buffers of one context, kept between launches: allocating and freeing
// them per launch cost more than the kernels the debug mode is meant for.
class shadow_pool {
 public:
  // Sets kept for later launches (more are freed as they come back): the launches in
  // flight at once that reuse buffers already allocated and written.
  static constexpr std::size_t kept_sets = 4;
  struct buffers {
    cl_context context = nullptr;
    ampcl::detail::basic_cl_handle<cl_mem> mem[layout::extra_param_count];  // by extra_param
    std::size_t capacity[layout::extra_param_count] = {};
    // __ampcl_gs holds two shadows of gs_half words: a launch uses one (`parity`)
    // and its work-items zero the other for the next launch as they exit.
    std::uint64_t gs_half = 0;
    std::uint64_t zeroed[2] = {};  // leading words of each shadow known to be zero
    bool maps_marked = false;      // the page maps were set up (every page marked)
    bool cpu_device = false;       // its context's launches run on a CPU device
    unsigned parity = 0;
    // The cfg of each parity (they say which shadow is used and which zeroed):
    // parity 0's is mem[extra_cfg], parity 1's cfg_odd.
    ampcl::detail::basic_cl_handle<cl_mem> cfg_odd;
    std::vector<std::uint32_t> cfg[2];  // what each cfg buffer holds
    // The non-blocking writes that read cfg[] (a prepared launch may never run):
    // the words are not freed before the driver has read them.
    ampcl::detail::basic_cl_handle<cl_event> cfg_written[2];
    buffers() = default;
    buffers(const buffers&) = delete;
    buffers& operator=(const buffers&) = delete;
    ~buffers();  // waits for cfg_written
    // The records' header is still all zeros: the last launch read back recorded
    // and dropped nothing, and the device writes the header's other words (keys,
    // hits, index, scratch) only for a report it counts (__ampcl_record).
    bool header_zero = false;
    pinned_words header;  // where the records' header is read to (empty: not pinned)
  };
  std::unique_ptr<buffers> take(cl_context context);
  void give_back(std::unique_ptr<buffers> b);

 private:
  std::mutex m_;
  std::vector<std::unique_ptr<buffers>> free_;
};

class shadow_launch {
 public:
  // Throws std::runtime_error naming the OpenCL call that failed.
  shadow_launch(cl_context context, cl_command_queue queue,
                std::shared_ptr<const instrument_result> program, shadow_plan plan,
                std::uint32_t record_capacity, std::shared_ptr<shadow_pool> pool);
  ~shadow_launch();
  shadow_launch(const shadow_launch&) = delete;
  shadow_launch& operator=(const shadow_launch&) = delete;

  // After a launch that never completed: the buffers are released, not reused.
  void abandon();

  std::vector<launch_argument> extra_args() const;
  // Queues the read of the records' header on `queue` after `launch` (the
  // instrumented launch's event), for read_back to use; read_back reads the rest
  // on that queue too. `queue` may be another than the launch's, of its context.
  void queue_header_read(cl_command_queue queue, cl_event launch);
  // The header read's event (null when it could not be queued): it completes after
  // the launch.
  cl_event header_event() const { return header_read_.get(); }
  // Blocking reads on the header read's queue, else on `queue`; the launch must
  // have completed.
  analysis_input read_back(cl_command_queue queue) const;
  // All the bytes of device memory the launch's shadow holds.
  std::size_t shadow_bytes() const;
  // Whether setting the shadow up queued commands (fills, the configuration's
  // write) on the queue it was given, which the launch must then wait for.
  bool setup_queued() const { return setup_queued_; }

  const shadow_plan& plan() const { return plan_; }
  const std::shared_ptr<const instrument_result>& program() const { return program_; }

 private:
  cl_mem cfg_buffer() const {
    return parity_ ? bufs_->cfg_odd.get() : bufs_->mem[layout::extra_cfg].get();
  }
  std::shared_ptr<const instrument_result> program_;
  shadow_plan plan_;
  std::uint32_t capacity_;
  std::shared_ptr<shadow_pool> pool_;
  std::unique_ptr<shadow_pool::buffers> bufs_;
  std::size_t bytes_[layout::extra_param_count] = {};
  unsigned parity_ = 0;           // which of __ampcl_gs's shadows this launch uses
  std::uint64_t zero_words_ = 0;  // how much of the other one its work-items zero
  bool setup_queued_ = false;
  // The header read queued behind the launch: its destination (the buffers' pinned
  // words, or else on the heap; either is left to a read still pending when the
  // launch is abandoned) and its event.
  std::uint32_t* header_ = nullptr;
  std::unique_ptr<std::uint32_t[]> header_heap_;
  ampcl::detail::basic_cl_handle<cl_event> header_read_;
  ampcl::detail::basic_cl_handle<cl_command_queue> header_queue_;  // the read's queue
};

// The first `stored` records of an __ampcl_rec buffer read back into `rec` (its
// words from the start), each with its repeats from the dedup table.
std::vector<layout::device_record> decode_records(const std::vector<std::uint32_t>& rec,
                                                  std::uint32_t stored);

}  // namespace ampcl::debug
