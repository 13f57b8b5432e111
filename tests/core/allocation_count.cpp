// Every operator new of the core test binary, counted per thread (drivers' threads
// allocate on their own): Launch.AWarmLaunchAllocatesNothing reads the count. In a
// file of its own: inlined into a test, GCC takes the free() below for a mismatch.
#include <cstdlib>
#include <new>

#include "test_support.hpp"

namespace {
thread_local std::size_t allocations = 0;
}  // namespace

std::size_t ampcl_test::allocations_on_this_thread() {
  return allocations;
}

void* operator new(std::size_t n) {
  ++allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new(std::size_t n, std::align_val_t a) {
  ++allocations;
  const std::size_t align = static_cast<std::size_t>(a);
  if (void* p = std::aligned_alloc(align, (n + align - 1) / align * align)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too: the deletes below free what they allocate, and under
// AddressSanitizer one left to the runtime is its own allocation, which a free()
// here reports as a mismatch (Clang inside PoCL allocates that way).
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  ++allocations;
  return std::malloc(n ? n : 1);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  ++allocations;
  const std::size_t align = static_cast<std::size_t>(a);
  return std::aligned_alloc(align, (n + align - 1) / align * align);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  std::free(p);
}
void operator delete(void* p) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::align_val_t) noexcept {
  std::free(p);
}
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  std::free(p);
}
