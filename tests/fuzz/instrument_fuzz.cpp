// libFuzzer: the instrumenter never throws or crashes on any text; invalid OpenCL C
// gives ok == false with diagnostics. (That valid input gives instrumented code the
// device compiler accepts is checked on PoCL by the fuzz_corpus_compiles test.)
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "instrument.hpp"

namespace {

// The kernel to instrument: the first `__kernel void NAME`, else "k".
std::string kernel_name(const std::string& src) {
  const std::string marker = "__kernel void ";
  const auto at = src.find(marker);
  if (at == std::string::npos) return "k";
  std::size_t end = at + marker.size();
  while (end < src.size() &&
         (std::isalnum(static_cast<unsigned char>(src[end])) || src[end] == '_'))
    ++end;
  const std::string name = src.substr(at + marker.size(), end - at - marker.size());
  return name.empty() ? "k" : name;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 16384) return -1;  // Clang's time grows with size; more finds nothing new
  const std::string src(reinterpret_cast<const char*>(data), size);
  const std::string options = std::string("-I") + AMPCL_KERNEL_DIR + " -DAMPCL_TILE0=4";
  ampcl::debug::instrument_result r =
      ampcl::debug::instrument(src, "fuzz.cl", options, kernel_name(src));
  if (!r.ok && r.diagnostics.empty()) std::abort();  // a refusal must say why
  if (r.ok && r.source.empty()) std::abort();
  return 0;
}
