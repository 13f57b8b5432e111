#include "instrument_result_cache.hpp"

#include <sys/stat.h>

#include <ampcl/detail/settings.hpp>
#include <atomic>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>

#include "programs/binary_cache.hpp"
#include "programs/include_closure.hpp"
#include "result_io.hpp"

namespace ampcl::debug {

namespace {

std::atomic<std::size_t> runs{0}, loads{0};

// "size:mtime" of a file, or nothing when it cannot be read.
std::optional<std::string> file_identity(const std::string& path) {
  struct stat st {};
  if (path.find('/') == std::string::npos || stat(path.c_str(), &st) != 0) return std::nullopt;
  return std::to_string(st.st_size) + ":" + std::to_string(st.st_mtim.tv_sec) + "." +
         std::to_string(st.st_mtim.tv_nsec);
}

// The key of these inputs, or nothing when something they depend on cannot be named.
std::optional<ampcl::detail::sha256::digest> key_of(const std::string& source,
                                                    const std::string& source_name,
                                                    const std::string& options,
                                                    const std::string& kernel) {
  namespace st = ampcl::detail::settings;
  const std::string tool = instrument_tool();
  const std::optional<std::string> tool_id = file_identity(tool);
  if (!tool_id) return std::nullopt;
  std::string runtime = "built-in";
  if (const std::optional<std::string> path = st::text(st::id::racecheck_runtime)) {
    std::ifstream in(*path);
    if (!in) return std::nullopt;
    runtime = *path + "\n" +
              std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  const ampcl::detail::include_closure includes = ampcl::detail::find_includes(source, options);
  if (!includes.unresolved.empty()) return std::nullopt;
  ampcl::detail::binary_key key;
  key.platform_name = "ampcl-instrument result, format 4";
  key.device_name = tool + "\n" + *tool_id;
  key.device_version = runtime;
  key.driver_version = st::text(st::id::clang_resource_dir).value_or("");
  key.options = options + "\n--kernel " + kernel + "\n--name " + source_name;
  key.source = source;
  key.includes = includes.contents;
  return key.digest();
}

}  // namespace

instrument_result instrument_with_disk_cache(ampcl::detail::binary_cache& cache,
                                             const std::string& source,
                                             const std::string& source_name,
                                             const std::string& build_options,
                                             const std::string& kernel_name) {
  const std::optional<ampcl::detail::sha256::digest> key =
      cache.enabled() ? key_of(source, source_name, build_options, kernel_name) : std::nullopt;
  if (key) {
    if (std::optional<std::vector<unsigned char>> bytes = cache.load(*key)) {
      try {
        std::istringstream in(std::string(bytes->begin(), bytes->end()));
        instrument_result r = read_result(in);
        if (r.ok) {
          ++loads;
          return r;
        }
      } catch (const std::exception&) {
        // Unreadable (another format): instrumented again, and replaced below.
      }
    }
  }
  ++runs;
  instrument_result r = instrument_in_subprocess(source, source_name, build_options, kernel_name);
  if (key && r.ok) {
    std::ostringstream out;
    write_result(out, r);
    const std::string text = out.str();
    cache.store(*key, std::vector<unsigned char>(text.begin(), text.end()));
  }
  return r;
}

instrument_disk_counts instrument_disk_stats() {
  return {runs.load(), loads.load()};
}

}  // namespace ampcl::debug
