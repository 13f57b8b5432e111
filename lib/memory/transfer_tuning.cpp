#include "memory/transfer_tuning.hpp"

#include <algorithm>
#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <string>
#include <thread>

namespace ampcl::detail {

namespace {

namespace st = settings;

// The variable's number (whole, or MiB as written), or `fallback` when unset.
unsigned env_number(st::id s, unsigned fallback) {
  return static_cast<unsigned>(st::number<runtime_exception>(s).value_or(fallback));
}

}  // namespace

transfer_tuning read_transfer_tuning() {
  transfer_tuning t;
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  t.copy_threads = std::min(t.copy_threads, cores);
  t.chunk_bytes = std::size_t(env_number(st::id::staging_chunk_mb, unsigned(t.chunk_bytes >> 20)))
                  << 20;
  t.buffers = env_number(st::id::staging_buffers, t.buffers);
  t.copy_threads = env_number(st::id::copy_threads, t.copy_threads);
  if (auto after = st::number<runtime_exception>(st::id::register_after))
    t.register_after = static_cast<int>(*after);
  // In the rows' order: auto, always, never; streaming, cached.
  constexpr transfer_tuning::staging modes[] = {transfer_tuning::staging::automatic,
                                                transfer_tuning::staging::always,
                                                transfer_tuning::staging::never};
  if (auto mode = st::choice<runtime_exception>(st::id::staging)) t.mode = modes[*mode];
  if (auto stores = st::choice<runtime_exception>(st::id::copy_stores))
    t.streaming_stores = *stores == 0;
  t.first_chunk_bytes = std::min(t.first_chunk_bytes, t.chunk_bytes);
  return t;
}

const transfer_tuning& current_transfer_tuning() {
  static const transfer_tuning t = read_transfer_tuning();
  return t;
}

}  // namespace ampcl::detail
