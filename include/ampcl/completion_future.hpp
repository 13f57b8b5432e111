// completion_future: the result of an asynchronous operation, C++ AMP's class
// (ampcl/concurrency/completion_future.h), named here for ampcl's API.
#pragma once

// C++ AMP's class inside a stretch (cpp_amp_begin.h): the order is the meaning.
// clang-format off
#include <ampcl/detail/cpp_amp_begin.h>
#include <ampcl/concurrency/completion_future.h>
#include <ampcl/detail/cpp_amp_end.h>
// clang-format on

namespace ampcl {

using Concurrency::completion_future;

}  // namespace ampcl
