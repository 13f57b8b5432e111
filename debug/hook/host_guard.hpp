// Page protection over host memory that a running checked launch uses, so that
// the host touching it is caught where it happens (host/device hazards).
//
// While a launch runs, the whole pages inside the host memory behind a buffer
// argument are protected: read-only when the kernel only reads the buffer (a
// host write faults), no access when the kernel may write it (a host read sees
// stale data, a host write is lost: both fault). A process-wide SIGSEGV handler
// recognises faults on guarded pages, records who touched them (read or write,
// instruction, thread), lifts that guard and lets the program continue; any
// other fault goes to the handler installed before it (or the default action),
// so real crashes still crash and sanitizers keep working.
//
// Partial pages at either end of the memory are never protected: they may hold
// unrelated data. Guards of several launches may overlap: a page is protected
// as strictly as the strictest guard still covering it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace ampcl::debug {

// What the signal handler saw of the host's first access to a guarded range.
struct host_touch {
  enum class kind { none, read, write, access };  // access: read or write, unknown which
  kind access = kind::none;
  std::uintptr_t instruction = 0;  // address of the faulting instruction, 0 if unknown
  long thread = 0;                 // kernel thread id
  bool main_thread = false;
};

// A guard handed out by guard_host_pages; empty when nothing was protected.
struct guard_ticket {
  int slot = -1;
  std::uint64_t generation = 0;
  explicit operator bool() const { return slot >= 0; }
};

// The whole pages inside [data, data + bytes).
struct page_span {
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
  bool empty() const { return begin >= end; }
};
page_span whole_pages_inside(const void* data, std::size_t bytes);

// Protects the whole pages inside [data, data + bytes) until release_host_pages.
// Empty ticket when there is no whole page, the handler could not be installed,
// the table of guards is full or mprotect failed (the caller falls back).
guard_ticket guard_host_pages(const void* data, std::size_t bytes, bool kernel_writes);

// Lifts the guard (if it is still up) and returns what touched it meanwhile.
// Safe to call more than once; later calls return the same touch.
host_touch release_host_pages(guard_ticket ticket);

// Lifts every guard (process exit): touches stay readable by release_host_pages.
void release_all_host_pages();

// "symbol+0x1f (libfoo.so)" or "program+0x1234" for an instruction address.
std::string describe_instruction(std::uintptr_t instruction);

}  // namespace ampcl::debug
