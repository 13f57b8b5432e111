// ampcl-instrument: the instrumenter as a process (see result_io.hpp for why).
//   ampcl-instrument --kernel NAME [--name FILE] [--options "-D..."] < source
// writes the serialized instrument_result to stdout; exit status 0 unless the
// arguments are wrong (instrumentation errors travel inside the result).
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
  std::string kernel, name = "<string>", options;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--kernel")
      kernel = argv[i + 1];
    else if (a == "--name")
      name = argv[i + 1];
    else if (a == "--options")
      options = argv[i + 1];
    else {
      std::cerr << "ampcl-instrument: unknown option " << a << "\n";
      return 2;
    }
  }
  if (kernel.empty()) {
    std::cerr << "usage: ampcl-instrument --kernel NAME [--name FILE] [--options OPTS] < source\n"
                 "       ampcl-instrument --print-resource-dir\n";
    return 2;
  }
  std::string source((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  ampcl::debug::write_result(std::cout, ampcl::debug::instrument(source, name, options, kernel));
  return 0;
}
