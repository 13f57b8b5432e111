// libFuzzer: ampcl-c++'s front end (the translation pass, with its rewrites and
// re-readings) never crashes on any source: whatever the input, it returns a
// translation that succeeded with kernels, or failed with a message. The first
// byte picks the dialect (Visual C++, HCC, standard); the rest is the source.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>

#include "frontend.hpp"

namespace {

const ampcl::translate::pass_setup& setup() {
  static const ampcl::translate::pass_setup s = ampcl::translate::default_setup("/proc/self/exe");
  return s;
}

std::string scratch_file() {
  static const std::string path = [] {
    char dir[] = "/tmp/ampcl-translate-fuzz-XXXXXX";
    if (!mkdtemp(dir)) std::abort();
    return std::string(dir) + "/input.cpp";
  }();
  return path;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1 || size > 16384) return -1;  // Clang's time grows with size
  ampcl::translate::pass_setup s = setup();
  if (s.resource_dir.empty()) std::abort();  // the set-up itself is broken
  const ampcl::translate::dialect dialects[] = {ampcl::translate::dialect::visual_cpp,
                                                ampcl::translate::dialect::hcc,
                                                ampcl::translate::dialect::standard};
  s.language = dialects[data[0] % 3];
  const std::string path = scratch_file();
  {
    std::ofstream f(path, std::ios::binary | std::ios::trunc);
    f.write(reinterpret_cast<const char*>(data + 1), static_cast<std::streamsize>(size - 1));
  }
  const ampcl::translate::translation t =
      ampcl::translate::translate_file(s, path, {"-std=c++17"});
  // A failure says why: Clang's errors or the translator's own.
  if (!t.ok && t.clang_errors == 0 && t.diagnostics.empty()) std::abort();
  if (t.ok)
    for (const auto& k : t.kernels)
      if (k.source.empty() || k.name.empty()) std::abort();
  return 0;
}
