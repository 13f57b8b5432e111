// C++ AMP's exceptions are ampcl's own classes (include/ampcl/errors.hpp), so what
// the runtime throws is caught by `catch (concurrency::runtime_exception&)`.
// get_error_code() is the OpenCL error code for what ampcl throws, the HRESULT given
// for what the program throws itself.
//
// HRESULT is 32 bits, as on Windows (where long is 32 bits) and in Wine, not Linux's
// 64-bit long: (HRESULT)0x80004005L then equals E_FAIL, and an HRESULT fits the
// error code ampcl keeps (cl_int).
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <ampcl/errors.hpp>
#include <cstdint>

#include <ampcl/concurrency/hresult.h>
#ifndef DXGI_ERROR_DEVICE_REMOVED
#define DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005L)
#endif
#ifndef DXGI_ERROR_DEVICE_HUNG
#define DXGI_ERROR_DEVICE_HUNG ((HRESULT)0x887A0006L)
#endif
#ifndef DXGI_ERROR_DEVICE_RESET
#define DXGI_ERROR_DEVICE_RESET ((HRESULT)0x887A0007L)
#endif

namespace Concurrency {

using ampcl::accelerator_view_removed;
using ampcl::invalid_compute_domain;
using ampcl::out_of_memory;
using ampcl::runtime_exception;
using ampcl::unsupported_feature;

}  // namespace Concurrency
