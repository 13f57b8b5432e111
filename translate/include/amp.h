// <amp.h>: C++ AMP for ampcl-c++ (docs/translator.md). Everything in namespace
// Concurrency (concurrency is its alias), as Microsoft's header has it.
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)

#include <ampcl/concurrency/namespace.h>
#include <ampcl/concurrency/restrict_macros.h>  // again, after any of ampcl's API headers

#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/accelerator.h>
#include <ampcl/concurrency/completion_future.h>
#include <ampcl/concurrency/ppl/tasks.h>  // completion_future::to_task, as Visual C++'s <amp.h>
#include <ampcl/concurrency/index.h>
#include <ampcl/concurrency/array_view.h>
#include <ampcl/concurrency/array.h>
#include <ampcl/concurrency/copy.h>
#include <ampcl/concurrency/parallel_for_each.h>
#include <ampcl/concurrency/direct3d.h>  // Concurrency::direct3d, which Microsoft's amp.h declares

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
#include <ampcl/concurrency/windows_api.h>
#endif

// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
