// C++ AMP's exceptions are ampcl's own classes (include/ampcl/errors.hpp), so what
// the runtime throws is caught by `catch (concurrency::runtime_exception&)`.
// get_error_code() is the OpenCL error code for what ampcl throws, the HRESULT given
// for what the program throws itself.
//
// HRESULT is 32 bits, as on Windows (where long is 32 bits) and in Wine, not Linux's
// 64-bit long: (HRESULT)0x80004005L then equals E_FAIL, and an HRESULT fits the
// error code ampcl keeps (cl_int).
#pragma once

#include <ampcl_amp/namespace.h>

#include <ampcl/errors.hpp>
#include <cstdint>

#ifndef _HRESULT_DEFINED
#define _HRESULT_DEFINED
typedef std::int32_t HRESULT;
#endif

// The codes C++ AMP programs compare with or throw (winerror.h's values).
#ifndef S_OK
#define S_OK ((HRESULT)0L)
#endif
#ifndef S_FALSE
#define S_FALSE ((HRESULT)1L)
#endif
#ifndef E_NOTIMPL
#define E_NOTIMPL ((HRESULT)0x80004001L)
#endif
#ifndef E_POINTER
#define E_POINTER ((HRESULT)0x80004003L)
#endif
#ifndef E_ABORT
#define E_ABORT ((HRESULT)0x80004004L)
#endif
#ifndef E_FAIL
#define E_FAIL ((HRESULT)0x80004005L)
#endif
#ifndef E_UNEXPECTED
#define E_UNEXPECTED ((HRESULT)0x8000FFFFL)
#endif
#ifndef E_ACCESSDENIED
#define E_ACCESSDENIED ((HRESULT)0x80070005L)
#endif
#ifndef E_OUTOFMEMORY
#define E_OUTOFMEMORY ((HRESULT)0x8007000EL)
#endif
#ifndef E_INVALIDARG
#define E_INVALIDARG ((HRESULT)0x80070057L)
#endif
#ifndef DXGI_ERROR_DEVICE_REMOVED
#define DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005L)
#endif
#ifndef DXGI_ERROR_DEVICE_HUNG
#define DXGI_ERROR_DEVICE_HUNG ((HRESULT)0x887A0006L)
#endif
#ifndef DXGI_ERROR_DEVICE_RESET
#define DXGI_ERROR_DEVICE_RESET ((HRESULT)0x887A0007L)
#endif
#ifndef SUCCEEDED
#define SUCCEEDED(hr) (((HRESULT)(hr)) >= 0)
#endif
#ifndef FAILED
#define FAILED(hr) (((HRESULT)(hr)) < 0)
#endif

namespace Concurrency {

using ampcl::accelerator_view_removed;
using ampcl::invalid_compute_domain;
using ampcl::out_of_memory;
using ampcl::runtime_exception;
using ampcl::unsupported_feature;

}  // namespace Concurrency
