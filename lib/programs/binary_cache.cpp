#include "programs/binary_cache.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <ampcl/detail/settings.hpp>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <utility>

#include "programs/xxh64.hpp"
#include "support/log.hpp"

namespace ampcl::detail {

namespace {

constexpr char magic[8] = {'A', 'M', 'P', 'C', 'L', 'B', 'I', 'N'};
constexpr const char* temp_prefix = ".tmp-";  // entries are hex digits: never a temp name
constexpr std::time_t stale_temp_seconds = 10 * 60;
constexpr std::uint64_t max_entry_bytes = std::uint64_t(1) << 30;

class unique_fd {
 public:
  explicit unique_fd(int fd = -1) : fd_(fd) {}
  unique_fd(const unique_fd&) = delete;
  unique_fd& operator=(const unique_fd&) = delete;
  ~unique_fd() { reset(); }
  int get() const { return fd_; }
  explicit operator bool() const { return fd_ >= 0; }
  int reset() {  // closes; the result of close()
    const int r = fd_ >= 0 ? ::close(fd_) : 0;
    fd_ = -1;
    return r;
  }

 private:
  int fd_;
};

struct dir_closer {
  void operator()(DIR* d) const { ::closedir(d); }
};

std::string error_text(int err = errno) {
  return std::strerror(err);
}

bool write_all(int fd, const unsigned char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return false;
    p += w;
    n -= static_cast<std::size_t>(w);
  }
  return true;
}

bool read_all(int fd, unsigned char* p, std::size_t n) {
  while (n > 0) {
    const ssize_t r = ::read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    p += r;
    n -= static_cast<std::size_t>(r);
  }
  return true;
}

void put(std::vector<unsigned char>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<unsigned char>(v >> (8 * i)));
}

std::uint64_t get(const unsigned char* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t(p[i]) << (8 * i);
  return v;
}

// Length-prefixed, so that no two different keys hash the same bytes.
void add_field(sha256& h, const std::string& s) {
  unsigned char len[8];
  for (int i = 0; i < 8; ++i)
    len[i] = static_cast<unsigned char>(std::uint64_t(s.size()) >> (8 * i));
  h.update(len, sizeof len).update(s);
}

// What is wrong with an entry (its header and the binary after it), or empty
// when it is sound.
std::string validate(const unsigned char* header, const unsigned char* binary, std::size_t size,
                     const sha256::digest& key) {
  if (std::memcmp(header, magic, sizeof magic) != 0) return "bad magic";
  if (get(header + 8, 4) != binary_cache::format_version) return "other format version";
  if (get(header + 12, 4) != binary_cache::header_size) return "bad header size";
  if (std::memcmp(header + 16, key.data(), key.size()) != 0) return "key mismatch";
  const std::uint64_t length = get(header + 48, 8);
  if (length != size)
    return "length " + std::to_string(size) + ", header says " + std::to_string(length);
  if (get(header + 56, 8) != xxh64(binary, size)) return "checksum mismatch";
  return {};
}

}  // namespace

sha256::digest binary_key::digest() const {
  sha256 h;
  add_field(h, "ampcl program binary key v2");
  for (const auto* f : {&platform_name, &device_name, &device_version, &driver_version, &options,
                        &source, &includes})
    add_field(h, *f);
  return h.finish();
}

std::string binary_cache::directory_from_environment() {
  if (std::optional<std::string> dir = settings::text(settings::id::cache_dir))
    return *dir;  // "" for off
  // XDG_CACHE_HOME and HOME are not ampcl's (no row in the settings table): their
  // meaning is the XDG specification's and the shell's.
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  if (xdg && xdg[0] == '/') return std::string(xdg) + "/ampcl";  // XDG: relative is invalid
  const char* home = std::getenv("HOME");
  if (home && *home) return std::string(home) + "/.cache/ampcl";
  return {};
}

binary_cache& binary_cache::process() {
  static binary_cache cache(directory_from_environment());
  return cache;
}

binary_cache::binary_cache(std::string directory) : dir_(std::move(directory)) {
  while (dir_.size() > 1 && dir_.back() == '/') dir_.pop_back();  // lstat must see the link
}

std::string binary_cache::entry_path(const sha256::digest& key) const {
  return dir_ + "/" + sha256::hex(key) + ".bin";
}

bool binary_cache::enabled() {
  std::call_once(checked_, [this] { check_directory(); });
  return usable_;
}

void binary_cache::check_directory() {
  if (dir_.empty()) {
    log(log_level::debug, "program cache on disk is off");
    return;
  }
  const std::string hint = "; compiled programs stay in memory for this process";
  // mkdir -p, new levels private to this user; a directory already there takes
  // one lstat (this runs in a process's first launch).
  struct stat st {};
  if (::lstat(dir_.c_str(), &st) != 0) {
    for (std::size_t at = dir_.find('/', 1);; at = dir_.find('/', at + 1)) {
      const std::string part = dir_.substr(0, at);
      if (::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST && at == std::string::npos) {
        log(log_level::warn, "cannot create the program cache directory ", dir_, " (", error_text(),
            ")", hint, " (set AMPCL_CACHE_DIR to a writable directory, or to off)");
        return;
      }
      if (at == std::string::npos) break;
    }
    if (::lstat(dir_.c_str(), &st) != 0) {
      log(log_level::warn, "cannot use the program cache directory ", dir_, " (", error_text(), ")",
          hint);
      return;
    }
  }
  std::string why;
  if (S_ISLNK(st.st_mode))
    why = "it is a symbolic link; name the real directory";
  else if (!S_ISDIR(st.st_mode))
    why = "it is not a directory";
  else if (st.st_uid != ::geteuid())
    why = "it belongs to uid " + std::to_string(st.st_uid) + ", not to this user";
  else if (st.st_mode & (S_IWGRP | S_IWOTH))
    why = "group or others may write to it; chmod 700 it";
  if (!why.empty()) {
    log(log_level::warn, "ignoring the program cache directory ", dir_, ": ", why, hint);
    return;
  }
  usable_ = true;
  log(log_level::debug, "program cache on disk: ", dir_);
}

void binary_cache::remove_stale_temporaries() {
  std::unique_ptr<DIR, dir_closer> d(::opendir(dir_.c_str()));
  if (!d) return;
  const std::time_t now = std::time(nullptr);
  while (const dirent* ent = ::readdir(d.get())) {
    if (std::strncmp(ent->d_name, temp_prefix, std::strlen(temp_prefix)) != 0) continue;
    struct stat st {};
    if (::fstatat(::dirfd(d.get()), ent->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0) continue;
    if (st.st_uid == ::geteuid() && now - st.st_mtime > stale_temp_seconds) {
      ::unlinkat(::dirfd(d.get()), ent->d_name, 0);
      log(log_level::debug, "removed stale temporary ", dir_, "/", ent->d_name);
    }
  }
}

std::string binary_cache::why_disabled() const {
  return dir_.empty() ? "the disk cache is off (AMPCL_CACHE_DIR=off, or no HOME)"
                      : "the cache directory " + dir_ + " cannot be used (see the warning)";
}

stored_binary& stored_binary::operator=(stored_binary&& other) noexcept {
  if (this != &other) {
    release();
    map_ = std::exchange(other.map_, nullptr);
    map_bytes_ = std::exchange(other.map_bytes_, 0);
    read_ = std::move(other.read_);
    data_ = std::exchange(other.data_, nullptr);
    size_ = std::exchange(other.size_, 0);
  }
  return *this;
}

void stored_binary::release() {
  if (map_) ::munmap(map_, map_bytes_);
  map_ = nullptr;
  read_.reset();
  data_ = nullptr;
  size_ = 0;
}

std::optional<std::vector<unsigned char>> binary_cache::load(const sha256::digest& key,
                                                             load_report* report) {
  std::optional<stored_binary> b = load_stored(key, report);
  if (!b) return std::nullopt;
  return b->copy();
}

std::optional<stored_binary> binary_cache::load_stored(const sha256::digest& key,
                                                       load_report* report) {
  load_report ignored;
  load_report& r = report ? *report : ignored;
  if (!enabled()) {
    r.miss = why_disabled();
    return std::nullopt;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto ms_since = [](std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t).count();
  };
  const std::string path = entry_path(key);
  unique_fd fd(::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd) {
    r.miss = "no entry for this source, options, device and driver";
    if (errno == ELOOP) {
      log(log_level::warn, "ignoring program cache entry ", path, ": it is a symbolic link");
      r.miss = "the entry is a symbolic link";
    } else if (errno != ENOENT) {
      log(log_level::warn, "cannot read program cache entry ", path, " (", error_text(), ")");
      r.miss = "the entry cannot be read";
    }
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) {
    r.miss = "the entry cannot be read";
    return std::nullopt;
  }
  if (!S_ISREG(st.st_mode) || st.st_uid != ::geteuid() || (st.st_mode & (S_IWGRP | S_IWOTH))) {
    log(log_level::warn, "ignoring program cache entry ", path,
        ": not a regular file of this user that only this user may write");
    r.miss = "the entry is not trusted";
    return std::nullopt;
  }
  stored_binary binary;
  std::string why;
  if (std::uint64_t(st.st_size) > max_entry_bytes) {
    why = "larger than " + std::to_string(max_entry_bytes) + " bytes";
  } else if (std::size_t(st.st_size) < header_size) {
    why = "shorter than its header";
  } else {
    const auto bytes = static_cast<std::size_t>(st.st_size);
    // Mapped with its pages filled at once; read where the file system cannot map.
    void* map = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd.get(), 0);
    bool read = true;
    if (map != MAP_FAILED) {
      binary.map_ = map;
      binary.map_bytes_ = bytes;
      binary.data_ = static_cast<const unsigned char*>(map) + header_size;
    } else {
      binary.read_.reset(new unsigned char[bytes]);
      read = read_all(fd.get(), binary.read_.get(), bytes);
      binary.data_ = binary.read_.get() + header_size;
    }
    binary.size_ = bytes - header_size;
    r.read_ms = ms_since(start);
    why = read ? validate(binary.data_ - header_size, binary.data_, binary.size_, key)
               : "read failed";
    r.verify_ms = ms_since(start) - r.read_ms;
  }
  if (!why.empty()) {
    log(log_level::warn, "program cache entry ", path, " is corrupt (", why,
        "); deleting it and building from source");
    ::unlink(path.c_str());
    r.miss = "the entry was corrupt (" + why + ")";
    return std::nullopt;
  }
  return binary;
}

bool binary_cache::store(const sha256::digest& key, const std::vector<unsigned char>& binary) {
  if (!enabled() || !writable_) return false;
  std::call_once(swept_, [this] { remove_stale_temporaries(); });
  const auto fail = [&](const std::string& what) {
    const int err = errno;
    if (writable_.exchange(false))
      log(log_level::warn, "cannot write the program cache in ", dir_, " (", what, ": ",
          error_text(err), "); compiled programs stay in memory for this process");
    return false;
  };
  std::string temp = dir_ + "/" + temp_prefix + "XXXXXX";
  unique_fd fd(::mkostemp(temp.data(), O_CLOEXEC));  // mode 0600
  if (!fd) return fail("creating a temporary file");
  // Until the rename, the temporary is ours to remove.
  struct remover {
    const std::string* path;
    ~remover() {
      if (path) ::unlink(path->c_str());
    }
  } guard{&temp};

  std::vector<unsigned char> header(magic, magic + sizeof magic);
  put(header, format_version, 4);
  put(header, header_size, 4);
  header.insert(header.end(), key.begin(), key.end());
  put(header, binary.size(), 8);
  put(header, xxh64(binary.data(), binary.size()), 8);

  if (!write_all(fd.get(), header.data(), header.size()) ||
      !write_all(fd.get(), binary.data(), binary.size()))
    return fail("writing " + temp);
  if (::fsync(fd.get()) != 0) return fail("fsync of " + temp);
  if (fd.reset() != 0) return fail("closing " + temp);
  const std::string path = entry_path(key);
  if (::rename(temp.c_str(), path.c_str()) != 0) return fail("renaming to " + path);
  guard.path = nullptr;
  unique_fd dir(::open(dir_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (dir) ::fsync(dir.get());  // the rename itself survives a crash
  return true;
}

void binary_cache::remove(const sha256::digest& key) {
  if (enabled()) ::unlink(entry_path(key).c_str());
}

}  // namespace ampcl::detail
