// array<T, N>: C++ AMP's device-resident container (ampcl/concurrency/array.h),
// named with array_view and copy in <ampcl/array_view.hpp>.
#pragma once

#include <ampcl/array_view.hpp>
