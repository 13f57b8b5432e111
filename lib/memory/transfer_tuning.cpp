#include "memory/transfer_tuning.hpp"

#include <algorithm>
#include <ampcl/errors.hpp>
#include <cstdlib>
#include <string>
#include <thread>

namespace ampcl::detail {

namespace {

// The variable's whole-number value in [lo, hi], or `fallback` when unset.
unsigned env_number(const char* name, unsigned lo, unsigned hi, unsigned fallback) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const unsigned long v = std::strtoul(text, &end, 10);
  if (*end != '\0' || v < lo || v > hi)
    throw runtime_exception(std::string(name) + "='" + text + "' is not a whole number from " +
                            std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<unsigned>(v);
}

}  // namespace

transfer_tuning read_transfer_tuning() {
  transfer_tuning t;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  t.copy_threads = std::min(t.copy_threads, cores);
  t.chunk_bytes =
      std::size_t(env_number("AMPCL_STAGING_CHUNK_MB", 1, 1024, unsigned(t.chunk_bytes >> 20)))
      << 20;
  t.buffers = env_number("AMPCL_STAGING_BUFFERS", 1, 64, t.buffers);
  t.copy_threads = env_number("AMPCL_COPY_THREADS", 1, 256, t.copy_threads);
  if (const char* after = std::getenv("AMPCL_REGISTER_AFTER"); after && *after)
    t.register_after = static_cast<int>(env_number("AMPCL_REGISTER_AFTER", 0, 1000000, 0));
  if (const char* mode = std::getenv("AMPCL_STAGING"); mode && *mode) {
    const std::string m = mode;
    if (m == "auto")
      t.mode = transfer_tuning::staging::automatic;
    else if (m == "always")
      t.mode = transfer_tuning::staging::always;
    else if (m == "never")
      t.mode = transfer_tuning::staging::never;
    else
      throw runtime_exception("AMPCL_STAGING='" + m + "' is not auto, always or never");
  }
  if (const char* stores = std::getenv("AMPCL_COPY_STORES"); stores && *stores) {
    const std::string m = stores;
    if (m != "streaming" && m != "cached")
      throw runtime_exception("AMPCL_COPY_STORES='" + m + "' is not streaming or cached");
    t.streaming_stores = m == "streaming";
  }
  t.first_chunk_bytes = std::min(t.first_chunk_bytes, t.chunk_bytes);
  return t;
}

const transfer_tuning& current_transfer_tuning() {
  static const transfer_tuning t = read_transfer_tuning();
  return t;
}

}  // namespace ampcl::detail
