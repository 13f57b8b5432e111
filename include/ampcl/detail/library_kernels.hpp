// What the kernel library's headers (gemm.hpp, reduce.hpp, ...) share: binding
// views for a routine, and the view a call runs on when none is given. The
// routines themselves, with their variants and tuning, are lib/algorithms/<op>.cpp.
#pragma once

#include <ampcl/accelerator.hpp>
#include <ampcl/array_view.hpp>
#include <ampcl/parallel_for_each.hpp>
#include <memory>

namespace ampcl::detail {

// The view that already holds the storage's device copy, else the default view.
accelerator_view library_view(const std::shared_ptr<storage>& s);

}  // namespace ampcl::detail
