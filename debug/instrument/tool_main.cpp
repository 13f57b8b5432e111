// ampcl-instrument: the instrumenter as a process (see result_io.hpp for why).
//   ampcl-instrument --kernel NAME [--name FILE] [--options "-D..."] < source
// writes the serialized instrument_result to stdout; exit status 0 unless the
// arguments are wrong (instrumentation errors travel inside the result).
#include <iostream>
#include <iterator>
#include <string>

#include "instrument.hpp"
#include "result_io.hpp"

int main(int argc, char** argv) {
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
    std::cerr << "usage: ampcl-instrument --kernel NAME [--name FILE] [--options OPTS] < source\n";
    return 2;
  }
  std::string source((std::istreambuf_iterator<char>(std::cin)), std::istreambuf_iterator<char>());
  ampcl::debug::write_result(std::cout, ampcl::debug::instrument(source, name, options, kernel));
  return 0;
}
