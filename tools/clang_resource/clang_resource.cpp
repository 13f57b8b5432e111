#include "clang_resource.hpp"

#include <ampcl/detail/settings.hpp>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <vector>

namespace ampcl::clang_resource {

namespace fs = std::filesystem;

namespace {

// Why `dir` cannot serve as the resource directory, or "" when it can: the
// translator needs include/stddef.h (and the rest of the C headers beside it), the
// instrumenter include/opencl-c.h (and opencl-c-base.h).
std::string unusable(const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return "no such directory";
  for (const char* header : {"stddef.h", "opencl-c.h", "opencl-c-base.h"}) {
    if (fs::is_regular_file(fs::path(dir) / "include" / header, ec)) continue;
    std::string why = std::string("no include/") + header + " in it";
    // A common slip: naming the include/ directory itself.
    if (fs::is_regular_file(fs::path(dir) / header, ec))
      why += " (this is the include/ directory: name its parent)";
    return why;
  }
  return "";
}

const char* const kHeaders = "Clang 14's resource headers (include/stddef.h, include/opencl-c.h)";

}  // namespace

lookup find(const char* env, const std::string& installed, const std::string& build) {
  lookup out;
  if (env && *env) {
    // An explicit choice is never silently passed over for another directory.
    const std::string why = unusable(env);
    if (why.empty()) {
      out.dir = env;
      return out;
    }
    // What unsetting it would give.
    const lookup unset = find(nullptr, installed, build);
    const std::string instead =
        unset.dir.empty() ? " (though neither " + installed + ", installed with ampcl, nor " +
                                build + ", the build machine's, has them either)"
        : unset.dir == installed ? " to use the headers installed with ampcl (" + installed + ")"
                                 : " to use the build machine's (" + build + ")";
    out.error = std::string("cannot find ") + kHeaders + " in AMPCL_CLANG_RESOURCE_DIR=" + env +
                ": " + why +
                ".\nSet AMPCL_CLANG_RESOURCE_DIR to a Clang 14 resource directory (the one "
                "holding include/stddef.h, e.g. " +
                build + "), or unset it" + instead + ".";
    return out;
  }
  const std::vector<std::pair<std::string, const char*>> candidates = {
      {installed, "installed with ampcl"},
      {build, "the build machine's Clang, libclang-common-14-dev"}};
  std::string looked;
  for (const auto& [dir, what] : candidates) {
    if (dir.empty()) continue;
    const std::string why = unusable(dir);
    if (why.empty()) {
      out.dir = dir;
      return out;
    }
    looked += "\n  " + dir + " (" + what + "): " + why;
  }
  out.error = std::string("cannot find ") + kHeaders + "; looked in:" + looked +
              "\nReinstall ampcl (its installation carries these headers), install "
              "libclang-common-14-dev, or set AMPCL_CLANG_RESOURCE_DIR to a Clang 14 resource "
              "directory (the one holding include/stddef.h and include/opencl-c.h).";
  return out;
}

lookup find(const std::string& executable) {
  namespace st = ampcl::detail::settings;
  const char* set = st::raw(st::id::clang_resource_dir);  // null when unset or empty
  return find(set, installed_dir(executable), build_dir());
}

std::string installed_dir(const std::string& executable) {
  const fs::path relative = AMPCL_CLANG_RESOURCE_FROM_BINDIR;
  if (relative.is_absolute()) return relative.string();  // an absolute install libdir
  if (executable.empty()) return "";
  return (fs::path(executable).parent_path() / relative).lexically_normal().string();
}

std::string build_dir() {
  return AMPCL_CLANG_BUILD_RESOURCE_DIR;
}

std::string current_executable() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? "" : exe.string();
}

}  // namespace ampcl::clang_resource
