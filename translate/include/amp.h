// <amp.h>: C++ AMP for ampcl-c++ (docs/translator.md). Everything in namespace
// Concurrency (concurrency is its alias), as Microsoft's header has it.
#pragma once

#include <ampcl_amp/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl_amp/namespace.h>

#include <ampcl_amp/exceptions.h>
#include <ampcl_amp/accelerator.h>
#include <ampcl_amp/completion_future.h>
#include <ampcl_amp/index.h>
#include <ampcl_amp/array_view.h>
#include <ampcl_amp/array.h>
#include <ampcl_amp/copy.h>
#include <ampcl_amp/parallel_for_each.h>
#include <ampcl_amp/direct3d.h>  // Concurrency::direct3d, which Microsoft's amp.h declares

// Microsoft's <amp.h> brings in the C string functions (strstr, memset, ...)
// through its runtime headers, and C++ AMP programs call them without including
// <cstring> themselves; likewise the integer limits (INT_MAX, ...) of <climits>,
// <cmath>'s functions in the global namespace with their float overloads (host code
// calls log, pow, fabs unqualified: <math.h> declares them there), assert (HCC's
// <amp.h> made it visible too) and <iterator> (stdext's checked iterators, in
// Visual C++'s dialect).
#include <cassert>
#include <climits>
#include <cmath>
#include <cstring>
#include <iterator>
#include <math.h>

// In Visual C++'s dialect, the Windows API part of <windows.h>, which Visual C++'s
// runtime header reads (DWORD, GetCurrentThreadId, the timers), without the min and
// max macros (only <windows.h> itself defines those). Not <concrt.h>: its
// Concurrency::event would make code that declares its own `event` ambiguous.
#if defined(_MSC_VER)
#include <ampcl_amp/windows_api.h>
#endif

// min and max as they were before this header
#include <ampcl_amp/macros_pop.h>
