// The OpenCL C API as ampcl uses it: version 1.2, with later calls only where a
// device reports them.
#pragma once

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
