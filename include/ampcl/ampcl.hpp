// ampcl: C++ AMP's data-parallel model on every OpenCL device.
#pragma once

#include <ampcl/access_type.hpp>
#include <ampcl/accelerator.hpp>
#include <ampcl/array.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/completion_future.hpp>
#include <ampcl/copy.hpp>
#include <ampcl/device_copyable.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/extent.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/launch_hook.hpp>
#include <ampcl/ndrange.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <ampcl/short_vectors.hpp>
#include <ampcl/stats.hpp>
#include <ampcl/texture.hpp>
