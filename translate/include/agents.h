// <agents.h>: the Asynchronous Agents Library (agent, unbounded_buffer, send, receive), Windows only. Including it is an error with what to do
// (docs/companion_headers.md); the error's include trace names the
// program's #include line. AMPCL_ALLOW_WINDOWS_ONLY_HEADERS makes it empty, for
// code that includes it without using it.
#pragma once
#ifndef AMPCL_ALLOW_WINDOWS_ONLY_HEADERS
#error "<agents.h> is the Asynchronous Agents Library (agent, unbounded_buffer, send, receive), which does not exist on Linux: ampcl provides the rest of the Concurrency Runtime (<ppl.h>, <ppltasks.h>, <concrt.h>, the concurrent containers) but not the agents: use tasks (<ppltasks.h>) and concurrent_queue for the message passing, or keep the code under #ifdef _WIN32; a program that includes it without using it compiles with -DAMPCL_ALLOW_WINDOWS_ONLY_HEADERS"
#endif
