// accelerator (an OpenCL device) and accelerator_view (a queue on it): C++ AMP's
// classes (ampcl/concurrency/accelerator.h), named here for ampcl's API.
#pragma once

// C++ AMP's class inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/accelerator.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

#include <ampcl/completion_future.hpp>

namespace ampcl {

using Concurrency::accelerator;
using Concurrency::accelerator_view;
using Concurrency::queuing_mode;
using Concurrency::queuing_mode_automatic;
using Concurrency::queuing_mode_immediate;

// Every OpenCL device of every platform, in platform then device order: what
// accelerator::get_all() lists without C++ AMP's CPU accelerator.
using Concurrency::__ampcl::opencl_devices;

}  // namespace ampcl
