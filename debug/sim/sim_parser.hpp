// Parser for Oclgrind's `.sim` launch files, the format oclgrind-kernel reads
// (Oclgrind wiki, "Running Kernels in Isolation"; src/kernel/Simulation.cpp):
//
//   kernel.cl          # program file (relative paths: see resolve_program_path)
//   reduce             # kernel name
//   256 1 1            # global size (NDRange), OpenCL order
//   64 1 1             # local size (work-group size)
//   <size=1024 float range=0:1:255>   # one definition per kernel parameter
//   <size=1024 float fill=0 dump>
//   <size=256>                        # a __local parameter: only its size
//   <size=4> 256                      # a by-value parameter: its value
//
// Tokens are separated by whitespace and may cross lines; `#` starts a comment.
// An argument header is `<...>` on one line, holding whitespace-separated tokens:
//   size=N       bytes of data (decimal); required unless `null`
//   char uchar short ushort int uint long ulong float double
//                element type of the data; default from the parameter's type
//   fill=V       every element V
//   range=S:I:E  elements S, S+I, ... E; must fill `size` exactly
//   hex          data values (and dump output) in hexadecimal
//   dump         print the buffer after the launch
//   noinit       leave the buffer uninitialized (buffers only)
//   null         pass a NULL buffer (buffers only; nothing else allowed)
//   ro / wo      create the buffer read-only / write-only (global buffers only)
// Without fill/range/noinit, size/element-size values follow the header.
// __local parameters take only a size; their data (if any) is ignored.
// The format has no `rand` or `load=FILE`: they are rejected with a hint.
#pragma once

#include <string>
#include <vector>

#include "sim_lexer.hpp"
#include "sim_types.hpp"

namespace ampcl::sim {

class sim_parser {
 public:
  // `file_name` is used in error messages.
  sim_parser(const std::string& text, std::string file_name);
  // Throws sim_error when the file cannot be read.
  static sim_parser from_file(const std::string& path);

  // The program file, kernel name, global and local sizes. Checks sizes are
  // non-zero and that the local size divides the global size (OpenCL 1.2).
  launch_header read_header();

  // One definition per parameter of the kernel, in order; then checks that
  // nothing follows. Call after read_header().
  std::vector<sim_argument> read_arguments(const std::vector<kernel_param>& params);

  const std::string& file_name() const { return file_; }

 private:
  sim_argument read_argument(unsigned index, const kernel_param& param);
  std::string next_or_fail(const std::string& what, const std::string& hint);
  [[noreturn]] void fail(int line, const std::string& message, const std::string& hint = {}) const;

  sim_lexer lexer_;
  std::string file_;
};

// The most bytes one argument may have: AMPCL_SIM_MAX_BYTES, else 16 GiB. The
// parser builds fill and range data in host memory before anything runs. Throws
// std::runtime_error naming the variable when it is not a number of bytes.
std::size_t max_argument_bytes();

// Header and arguments in one call (the parameters must be known up front).
sim_launch parse_sim(const std::string& text, const std::string& file_name,
                     const std::vector<kernel_param>& params);

// Where the program file of `sim_path` is: relative names are looked up next to
// the .sim file first, then in the working directory (oclgrind-kernel's only
// choice), so launch files work from any directory.
std::string resolve_program_path(const std::string& sim_path, const std::string& program_file);

}  // namespace ampcl::sim
