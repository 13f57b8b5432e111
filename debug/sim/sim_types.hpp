// What a parsed Oclgrind `.sim` launch file holds.
//
// Format (Oclgrind's, as oclgrind-kernel reads it; see sim_parser.hpp):
//   kernel_file  kernel_name  GX GY GZ  LX LY LZ  then one definition per kernel
//   parameter, in order: an argument header `<...>` on one line, then data.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace ampcl::sim {

enum class address_space { private_, global, constant, local };

// Element type of argument data, from a header token or the parameter's type.
enum class value_type {
  none,
  char_,
  uchar,
  short_,
  ushort,
  int_,
  uint,
  long_,
  ulong,
  float_,
  double_
};

const char* to_string(value_type t);                         // "float", ... ("none" for none)
std::size_t size_of(value_type t);                           // bytes, 0 for none
value_type value_type_from_token(const std::string& token);  // exact header token or none

// What the kernel says about one parameter (clGetKernelArgInfo).
struct kernel_param {
  std::string name;
  std::string type_name;  // as OpenCL reports it: "float*", "int", "ampcl_view"
  address_space space = address_space::private_;
  std::size_t size = 0;  // bytes of a by-value parameter when known, else 0
};

// The element type Oclgrind picks when the header names none: the parameter's
// type name by prefix ("float*" -> float, "uchar4" -> uchar, "void*" -> uchar).
value_type default_value_type(const std::string& type_name);

// Bytes of a by-value OpenCL C parameter type ("int" 4, "float4" 16, "double3"
// 32), or 0 when the type is not a builtin scalar or vector (structs).
std::size_t builtin_type_size(const std::string& type_name);

struct launch_header {
  std::string program_file;  // as written in the file
  std::string kernel_name;
  std::size_t global[3] = {1, 1, 1};  // OpenCL order, as written
  std::size_t local[3] = {1, 1, 1};
  int line = 0;  // where the program file name stands
};

struct sim_argument {
  unsigned index = 0;
  std::string name;
  address_space space = address_space::private_;
  value_type type = value_type::none;  // resolved: from the header or the parameter's type
  std::size_t size = 0;                // bytes (0 for null)
  bool null = false;                   // a NULL buffer
  bool dump = false;                   // print contents after the launch
  bool hex = false;                    // data and dump in hexadecimal
  bool noinit = false;                 // buffer left uninitialized
  bool read_only = false;              // ro: CL_MEM_READ_ONLY
  bool write_only = false;             // wo: CL_MEM_WRITE_ONLY
  std::vector<unsigned char> data;     // initial bytes; empty for local, null and noinit
  int line = 0;                        // line of the argument header
};

struct sim_launch {
  launch_header header;
  std::vector<sim_argument> args;
};

}  // namespace ampcl::sim
