// The OpenCL side of the disk cache: programs created from stored binaries, and
// binaries fetched from programs built from source.
#pragma once

#include <ampcl/cl.hpp>
#include <string>

#include "programs/sha256.hpp"
#include "support/cl_handle.hpp"

namespace ampcl::detail {

struct device_state;

// Whether a program may be kept on disk: its key must see all of its source, so
// a source that still #includes files (the prelude is pasted in, not included) is
// built from source in each process.
bool disk_cacheable(const std::string& source);

// The program for `dev` built from the disk cache's entry for `key` with the full
// build `options`; empty when there is no usable entry, or the driver rejected it
// (that entry is then removed, and the caller builds from source and stores anew).
cl_handle<cl_program> program_from_disk(device_state& dev, const sha256::digest& key,
                                        const std::string& options, const std::string& source_name);

// Stores the binary of `program`, just built from source for `dev`, under `key`.
void program_to_disk(device_state& dev, const sha256::digest& key, cl_program program);

}  // namespace ampcl::detail
