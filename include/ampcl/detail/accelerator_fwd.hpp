// The accelerator classes, declared: for headers that only pass them around.
// Defined in <ampcl/accelerator.hpp>.
#pragma once

namespace Concurrency {
class accelerator;
class accelerator_view;
}  // namespace Concurrency

namespace ampcl {
using Concurrency::accelerator;
using Concurrency::accelerator_view;
}  // namespace ampcl
