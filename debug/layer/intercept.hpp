// The entry points the layer takes over (the rest of the loader's table passes
// straight to the layer below). Each does what the driver does, and notes or
// checks on the way: api_objects.cpp for programs, kernels, arguments and
// buffers; api_commands.cpp for enqueues and the host's waits.
#pragma once

#include <CL/cl_icd.h>

namespace ampcl::layer {

void intercept_objects(cl_icd_dispatch& table);
void intercept_commands(cl_icd_dispatch& table);

}  // namespace ampcl::layer
