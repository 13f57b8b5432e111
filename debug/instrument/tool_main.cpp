// ampcl-instrument: the instrumenter as a process (see result_io.hpp for why).
//   ampcl-instrument --kernel NAME [--name FILE] [--options "-D..."] < source
// writes the serialized instrument_result to stdout; exit status 0 unless the
// arguments are wrong (instrumentation errors travel inside the result).
// With --source-only it writes the instrumented OpenCL C alone (what a checked run
// builds), or the instrumenter's diagnostics to stderr and exit status 1.
//   ampcl-instrument --print-resource-dir
// prints the Clang resource directory it uses (exit status 1, and why, if none).
#include <iostream>
#include <iterator>
#include <string>

#include "clang_resource.hpp"
#include "instrument.hpp"
#include "result_io.hpp"

int main(int argc, char** argv) {
  if (argc == 2 && std::string(argv[1]) == "--print-resource-dir") {
    const auto resource = ampcl::clang_resource::find(ampcl::clang_resource::current_executable());
    if (resource.dir.empty()) {
      std::cerr << "ampcl-instrument: error: " << resource.error << "\n";
      return 1;
    }
    std::cout << resource.dir << "\n";
    return 0;
  }
  const char* const usage =
      "usage: ampcl-instrument --kernel NAME [--name FILE] [--options OPTS] [--source-only]"
      " < source\n"
      "       ampcl-instrument --print-resource-dir\n";
  std::string kernel, name = "<string>", options;
  bool source_only = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--source-only") {
      source_only = true;
      continue;
    }
    if (a != "--kernel" && a != "--name" && a != "--options") {
      std::cerr << "ampcl-instrument: unknown option " << a << "\n" << usage;
      return 2;
    }
    if (i + 1 == argc) {
      std::cerr << "ampcl-instrument: " << a << " needs a value\n" << usage;
      return 2;
    }
    const std::string value = argv[++i];
    (a == "--kernel" ? kernel : a == "--name" ? name : options) = value;
  }
  if (kernel.empty()) {
    std::cerr << usage;
    return 2;
  }
  std::string source((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  const ampcl::debug::instrument_result result =
      ampcl::debug::instrument(source, name, options, kernel);
  if (!source_only) {
    ampcl::debug::write_result(std::cout, result);
    return 0;
  }
  if (!result.ok) {
    std::cerr << "ampcl-instrument: kernel '" << kernel << "' of " << name
              << " was not instrumented:\n"
              << result.diagnostics << "\n";
    return 1;
  }
  std::cout << result.source;
  return 0;
}
