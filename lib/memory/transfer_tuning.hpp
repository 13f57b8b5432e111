// How large host <-> device copies are staged: read once from the environment
// (tuning knobs for benchmarking on a given host, see README's Environment table).
#pragma once

#include <cstddef>

namespace ampcl::detail {

struct transfer_tuning {
  // AMPCL_STAGING: how large copies travel. automatic: through the pinned ring on
  // devices that do not share memory with the host, by mapping the buffer (and the
  // memcpy threads) on those that do; always: through the ring on any device (how
  // the tests reach it on PoCL); never: straight from or to the caller's memory.
  enum class staging { automatic, always, never } mode = staging::automatic;
  std::size_t chunk_bytes = 8u << 20;  // AMPCL_STAGING_CHUNK_MB: one pinned staging buffer
  // The first and last chunks of a staged copy are smaller, doubling from this up
  // to chunk_bytes and halving back down: the pipeline's fill (the first memcpy,
  // which no DMA overlaps) and drain (the last DMA, or memcpy) stay short.
  std::size_t first_chunk_bytes = 1u << 20;
  unsigned buffers = 8;        // AMPCL_STAGING_BUFFERS: the ring per queue
  unsigned copy_threads = 16;  // AMPCL_COPY_THREADS: memcpy threads, the caller's included
  // AMPCL_COPY_STORES=streaming|cached: whether those threads write a staged
  // copy's bytes around the cache (stream_copy.hpp): nothing on this CPU reads
  // them again soon, and a DMA runs beside the copy.
  bool streaming_stores = true;
  // AMPCL_REGISTER_AFTER: a storage's large copies before its host memory is
  // registered with the driver (host_registration.hpp); 0 never; -1 (unset): 4 on
  // NVIDIA's platform, never elsewhere.
  int register_after = -1;
  // Copies below this go straight from or to the user's memory: staging costs
  // more than it saves.
  std::size_t threshold_bytes = 4u << 20;
};

// The environment's values over the defaults (copy_threads: at most the cores
// there are); throws runtime_exception, naming the variable, on a bad value.
transfer_tuning read_transfer_tuning();
// read_transfer_tuning() of the first call, kept for the process.
const transfer_tuning& current_transfer_tuning();

}  // namespace ampcl::detail
