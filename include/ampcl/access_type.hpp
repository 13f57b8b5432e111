// access_type: how the CPU may touch an array's memory (C++ AMP's names and values).
#pragma once

namespace ampcl {

// Unscoped, as in C++ AMP, so `access_type_read_write` needs no qualification.
enum access_type {
  access_type_none = 0,        // device memory only; the host reaches it by copies
  access_type_read = 1,        // host may read it in place
  access_type_write = 2,       // host may write it in place
  access_type_read_write = 3,  // host may read and write it in place
  access_type_auto = 4,        // the accelerator's default_cpu_access_type
};

inline const char* to_string(access_type t) {
  switch (t) {
    case access_type_none:
      return "access_type_none";
    case access_type_read:
      return "access_type_read";
    case access_type_write:
      return "access_type_write";
    case access_type_read_write:
      return "access_type_read_write";
    case access_type_auto:
      return "access_type_auto";
  }
  return "access_type(?)";
}

}  // namespace ampcl
