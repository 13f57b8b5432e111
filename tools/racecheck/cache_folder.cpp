#include "cache_folder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

namespace ampcl::racecheck {

namespace {

// mkdir -p, private: each missing component is made 0700.
void make_folder(const std::string& path) {
  for (std::size_t at = path.find('/', 1);; at = path.find('/', at + 1)) {
    const std::string part = path.substr(0, at);
    if (!part.empty() && ::mkdir(part.c_str(), 0700) != 0 && errno != EEXIST)
      throw std::runtime_error("--cache-dir: cannot make the folder '" + part +
                               "': " + std::strerror(errno) + " (give a folder you can write)");
    if (at == std::string::npos) break;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
    throw std::runtime_error("--cache-dir: '" + path +
                             "' exists and is not a folder (give a folder, or a path that "
                             "does not exist yet)");
}

}  // namespace

std::vector<std::pair<std::string, std::string>> cache_environment(const std::string& dir) {
  std::string root = dir;
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  if (!root.empty() && root[0] != '/') {
    // Absolute: the program may change its working folder before it builds.
    char* cwd = ::getcwd(nullptr, 0);
    if (cwd) root = std::string(cwd) + "/" + root;
    std::free(cwd);
  }
  for (const char* sub : {"", "/ampcl", "/pocl", "/nvidia"}) make_folder(root + sub);
  return {{"AMPCL_CACHE_DIR", root + "/ampcl"},
          {"POCL_CACHE_DIR", root + "/pocl"},
          {"CUDA_CACHE_PATH", root + "/nvidia"},
          {"CUDA_CACHE_MAXSIZE", nvidia_cache_max_bytes}};
}

}  // namespace ampcl::racecheck
