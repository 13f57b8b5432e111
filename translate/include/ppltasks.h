// <ppltasks.h>: PPL tasks as Visual C++ ships them (task<T>, create_task, then,
// task_completion_event, when_all, when_any, && and ||, cancellation tokens;
// ampcl/concurrency/ppl/tasks.h), with <ppl.h>, which Microsoft's header includes too
// (docs/companion_headers.md). WinRT's asynchronous operations (create_async,
// IAsyncAction) are not here. Programs link oneTBB (-ltbb).
#pragma once

#include <ampcl/concurrency/macros_push.h>
// (what follows is read without <windows.h>'s min and max macros)
#include <ampcl/concurrency/ppl/tasks.h>
#include <ppl.h>
// min and max as they were before this header
#include <ampcl/concurrency/macros_pop.h>
