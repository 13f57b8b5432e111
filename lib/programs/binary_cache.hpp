// Compiled program binaries on disk, so that a new process skips the compiler.
//
// Where: AMPCL_CACHE_DIR, else $XDG_CACHE_HOME/ampcl, else $HOME/.cache/ampcl.
// AMPCL_CACHE_DIR=off turns the disk cache off; an empty AMPCL_CACHE_DIR counts as
// unset (as XDG treats empty variables), so it means the default location.
//
// One file per program: <sha256 of the key>.bin, a header (magic, format version,
// key digest, binary length and its XXH64) followed by the binary. Writes go to a
// ".tmp-*" file in the same directory, fsync, then rename over the entry, so a
// reader sees a whole entry or none; temporaries a crashed writer left are
// removed at this process's first store. The directory and entries are trusted
// only when they belong to this user and nobody else can write them.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sha256.hpp"

namespace ampcl::detail {

// A binary as a load found it: the entry's file mapped read-only (no copy into
// fresh memory: a first launch paid a page fault per 4 KiB of it, 50 us for a
// 150 KiB binary), or read into memory where the file cannot be mapped. Entries
// are never written in place (stores rename a new file over them, removals unlink
// them), so a mapped entry does not change under its reader.
class stored_binary {
 public:
  stored_binary() = default;
  stored_binary(stored_binary&& other) noexcept { *this = std::move(other); }
  stored_binary& operator=(stored_binary&& other) noexcept;
  stored_binary(const stored_binary&) = delete;
  stored_binary& operator=(const stored_binary&) = delete;
  ~stored_binary() { release(); }

  const unsigned char* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::vector<unsigned char> copy() const { return {data_, data_ + size_}; }

 private:
  friend class binary_cache;
  void release();
  void* map_ = nullptr;  // the whole entry, header first, when mapped
  std::size_t map_bytes_ = 0;
  std::unique_ptr<unsigned char[]> read_;  // the whole entry otherwise
  const unsigned char* data_ = nullptr;    // the binary, after the header
  std::size_t size_ = 0;
};

// Everything that decides whether a binary fits: any change gives another entry.
struct binary_key {
  std::string platform_name, device_name, device_version, driver_version;
  std::string options;   // the full build options
  std::string source;    // the expanded source text
  std::string includes;  // the files it #includes: paths and contents (include_closure)
  sha256::digest digest() const;
};

class binary_cache {
 public:
  static constexpr std::uint32_t format_version = 2;
  static constexpr std::size_t header_size = 64;

  // The directory the environment selects; empty when the disk cache is off.
  static std::string directory_from_environment();
  // The cache this process uses, configured from the environment on first use.
  static binary_cache& process();

  // An empty directory disables the cache.
  explicit binary_cache(std::string directory);
  binary_cache(const binary_cache&) = delete;
  binary_cache& operator=(const binary_cache&) = delete;

  // Whether the directory exists (created 0700 when missing) and is safe to use.
  // Checked once; a refusal warns once.
  bool enabled();
  const std::string& directory() const { return dir_; }
  std::string entry_path(const sha256::digest& key) const;

  // What a load did: its time reading and verifying, or why it found nothing.
  struct load_report {
    double read_ms = 0, verify_ms = 0;
    std::string miss;  // "no entry", "the entry was corrupt", ...
  };
  // The binary stored under `key`; nothing when there is no entry or it cannot be
  // trusted. A corrupt entry is deleted, with a warning.
  std::optional<std::vector<unsigned char>> load(const sha256::digest& key,
                                                 load_report* report = nullptr);
  // The same without a copy: the entry mapped (see stored_binary).
  std::optional<stored_binary> load_stored(const sha256::digest& key,
                                           load_report* report = nullptr);
  // Why enabled() is false ("AMPCL_CACHE_DIR=off", "the directory was refused").
  std::string why_disabled() const;
  // Stores atomically, replacing any entry. False when it could not; the first
  // failure warns and turns later stores off (this process keeps programs in memory).
  // The first store removes stale temporaries (loads never look for them).
  bool store(const sha256::digest& key, const std::vector<unsigned char>& binary);
  void remove(const sha256::digest& key);

 private:
  void check_directory();
  void remove_stale_temporaries();

  std::string dir_;
  std::once_flag checked_, swept_;
  bool usable_ = false;
  std::atomic<bool> writable_{true};
};

}  // namespace ampcl::detail
