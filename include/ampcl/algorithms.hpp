// The kernel library: tuned OpenCL C kernels (kernels/) as host functions on array_views.
#pragma once

#include <ampcl/gemm.hpp>
#include <ampcl/reduce.hpp>
#include <ampcl/tile_average.hpp>
#include <ampcl/transform.hpp>
#include <ampcl/transpose.hpp>
