// copy() and copy_async(): C++ AMP's (ampcl/concurrency/copy.h), named with
// array_view and array in <ampcl/array_view.hpp>.
#pragma once

#include <ampcl/array_view.hpp>
