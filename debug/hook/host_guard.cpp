#include "host_guard.hpp"

#include <cxxabi.h>
#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>

namespace ampcl::debug {

namespace {

// The signal handler may only use what is here: a fixed table, a spin lock and
// system calls. No allocation, no C++ runtime, no OpenCL.
constexpr int max_guards = 256;
constexpr int max_retries = 16;

enum class slot_state { free, armed, tripped };

struct guard_slot {
  // Kept after release, so a fault that raced with the release is still known.
  std::uintptr_t begin = 0;
  std::uintptr_t end = 0;
  std::uint64_t generation = 0;  // 0: never used
  host_touch touch;
  slot_state state = slot_state::free;
  bool kernel_writes = false;
};

// Everything below is read and written under table_lock only.
guard_slot slots[max_guards];
std::uint64_t last_generation = 0;
int next_slot = 0;
std::uintptr_t retry_page = 0;
int retry_count = 0;
std::atomic_flag table_lock = ATOMIC_FLAG_INIT;

std::uintptr_t page_bytes = 4096;
struct sigaction previous_action;

void spin_lock() {
  while (table_lock.test_and_set(std::memory_order_acquire)) {
  }
}
void spin_unlock() {
  table_lock.clear(std::memory_order_release);
}

// Outside the handler: no signal may arrive while the lock is held, or a
// handler touching a guarded page would spin on it forever.
class locked_table {
 public:
  locked_table() {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &saved_);
    spin_lock();
  }
  ~locked_table() {
    spin_unlock();
    pthread_sigmask(SIG_SETMASK, &saved_, nullptr);
  }
  locked_table(const locked_table&) = delete;
  locked_table& operator=(const locked_table&) = delete;

 private:
  sigset_t saved_{};
};

bool covers(const guard_slot& s, std::uintptr_t at) {
  return s.begin <= at && at < s.end;
}

// The strictest protection of the armed guards covering the page at `at`.
int protection_at(std::uintptr_t at) {
  int prot = PROT_READ | PROT_WRITE;
  for (const guard_slot& s : slots) {
    if (s.state != slot_state::armed || !covers(s, at)) continue;
    if (s.kernel_writes) return PROT_NONE;
    prot = PROT_READ;
  }
  return prot;
}

// Brings the pages of [begin, end) in line with the armed guards.
bool apply_protection(std::uintptr_t begin, std::uintptr_t end) {
  bool ok = true;
  for (std::uintptr_t at = begin; at < end;) {
    std::uintptr_t next = end;
    for (const guard_slot& s : slots) {
      if (s.state != slot_state::armed) continue;
      if (s.begin > at && s.begin < next) next = s.begin;
      if (s.end > at && s.end < next) next = s.end;
    }
    if (mprotect(reinterpret_cast<void*>(at), next - at, protection_at(at)) != 0) ok = false;
    at = next;
  }
  return ok;
}

host_touch::kind access_of(const ucontext_t* uc) {
#if defined(__x86_64__) && defined(REG_ERR)
  // Page-fault error code, bit 1: the access was a write.
  return (uc->uc_mcontext.gregs[REG_ERR] & 2) ? host_touch::kind::write : host_touch::kind::read;
#else
  (void)uc;
  return host_touch::kind::access;
#endif
}

std::uintptr_t instruction_of(const ucontext_t* uc) {
#if defined(__x86_64__) && defined(REG_RIP)
  return static_cast<std::uintptr_t>(uc->uc_mcontext.gregs[REG_RIP]);
#elif defined(__aarch64__)
  return static_cast<std::uintptr_t>(uc->uc_mcontext.pc);
#else
  (void)uc;
  return 0;
#endif
}

bool forbids(const guard_slot& s, host_touch::kind k) {
  return k != host_touch::kind::read || s.kernel_writes;
}

// True when the fault at `at` was ours: recorded and lifted, or a fault that
// raced with a guard change (the page is brought in line and the access retried).
bool claim_fault(std::uintptr_t at, host_touch::kind k, std::uintptr_t instruction) {
  spin_lock();
  const long thread = syscall(SYS_gettid);
  std::uintptr_t lo = UINTPTR_MAX;
  std::uintptr_t hi = 0;
  for (guard_slot& s : slots) {
    if (s.state != slot_state::armed || !covers(s, at) || !forbids(s, k)) continue;
    s.state = slot_state::tripped;  // one report per guarded range
    s.touch = host_touch{k, instruction, thread, thread == getpid()};
    if (s.begin < lo) lo = s.begin;
    if (s.end > hi) hi = s.end;
  }
  bool claimed = lo < hi;
  if (claimed) {
    apply_protection(lo, hi);
    retry_page = 0;
  } else {
    bool known = false;
    for (const guard_slot& s : slots) known = known || (s.generation != 0 && covers(s, at));
    const std::uintptr_t page = at & ~(page_bytes - 1);
    retry_count = page == retry_page ? retry_count + 1 : 1;
    retry_page = page;
    // Past a few retries someone else protects the page: not ours to handle.
    claimed = known && retry_count <= max_retries;
    if (claimed) apply_protection(page, page + page_bytes);
  }
  spin_unlock();
  return claimed;
}

void pass_on(int sig, siginfo_t* info, void* context) {
  if (previous_action.sa_flags & SA_SIGINFO) {
    if (previous_action.sa_sigaction) previous_action.sa_sigaction(sig, info, context);
    return;
  }
  if (previous_action.sa_handler != SIG_DFL && previous_action.sa_handler != SIG_IGN) {
    previous_action.sa_handler(sig);
    return;
  }
  // Default action: put it back; the faulting instruction runs again and the
  // fault ends the process as it would have without us.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  sigaction(SIGSEGV, &fallback, nullptr);
  if (!info || info->si_code <= 0) raise(sig);  // sent, not a fault: send it again
}

void on_segv(int sig, siginfo_t* info, void* context) {
  const int saved_errno = errno;
  if (info && info->si_code == SEGV_ACCERR && context) {
    const auto* uc = static_cast<const ucontext_t*>(context);
    if (claim_fault(reinterpret_cast<std::uintptr_t>(info->si_addr), access_of(uc),
                    instruction_of(uc))) {
      errno = saved_errno;
      return;
    }
  }
  errno = saved_errno;
  pass_on(sig, info, context);
}

bool our_handler_is_installed() {
  struct sigaction now {};
  if (sigaction(SIGSEGV, nullptr, &now) != 0) return false;
  return (now.sa_flags & SA_SIGINFO) && now.sa_sigaction == on_segv;
}

// Once per process. False when it cannot be ours (a sanitizer that keeps SIGSEGV).
bool install_handler() {
  static const bool installed = [] {
    const long size = sysconf(_SC_PAGESIZE);
    if (size > 0) page_bytes = static_cast<std::uintptr_t>(size);
    struct sigaction action {};
    action.sa_sigaction = on_segv;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESTART;
    sigfillset(&action.sa_mask);
    if (sigaction(SIGSEGV, &action, &previous_action) != 0) return false;
    std::atexit(release_all_host_pages);  // nothing stays protected after exit handlers
    return true;
  }();
  // Someone may have taken SIGSEGV since: then faults would not reach us.
  return installed && our_handler_is_installed();
}

}  // namespace

page_span whole_pages_inside(const void* data, std::size_t bytes) {
  const auto size = static_cast<std::uintptr_t>(sysconf(_SC_PAGESIZE));
  const auto first = reinterpret_cast<std::uintptr_t>(data);
  page_span span;
  span.begin = (first + size - 1) & ~(size - 1);
  span.end = (first + bytes) & ~(size - 1);
  if (span.begin >= span.end) span = page_span{};
  return span;
}

guard_ticket guard_host_pages(const void* data, std::size_t bytes, bool kernel_writes) {
  const page_span span = whole_pages_inside(data, bytes);
  if (span.empty() || !install_handler()) return {};
  locked_table lock;
  for (int tried = 0; tried < max_guards; ++tried) {
    const int i = (next_slot + tried) % max_guards;
    guard_slot& s = slots[i];
    if (s.state != slot_state::free) continue;
    next_slot = (i + 1) % max_guards;
    s.state = slot_state::armed;
    s.begin = span.begin;
    s.end = span.end;
    s.kernel_writes = kernel_writes;
    s.generation = ++last_generation;
    s.touch = host_touch{};
    if (!apply_protection(span.begin, span.end)) {  // not ours to protect: undo
      s.state = slot_state::free;
      apply_protection(span.begin, span.end);
      return {};
    }
    return guard_ticket{i, s.generation};
  }
  return {};  // table full
}

host_touch release_host_pages(guard_ticket ticket) {
  if (!ticket) return {};
  locked_table lock;
  guard_slot& s = slots[ticket.slot];
  if (s.generation != ticket.generation) return {};
  if (s.state != slot_state::free) {
    s.state = slot_state::free;
    apply_protection(s.begin, s.end);
  }
  return s.touch;
}

void release_all_host_pages() {
  locked_table lock;
  for (guard_slot& s : slots) {
    if (s.state == slot_state::free) continue;
    s.state = slot_state::free;
    apply_protection(s.begin, s.end);
  }
}

std::string describe_instruction(std::uintptr_t instruction) {
  char hex[32];
  if (!instruction) return "an unknown instruction";
  Dl_info info{};
  if (!dladdr(reinterpret_cast<void*>(instruction), &info) || !info.dli_fname) {
    std::snprintf(hex, sizeof hex, "0x%llx", static_cast<unsigned long long>(instruction));
    return hex;
  }
  std::string module = info.dli_fname;
  if (const auto slash = module.find_last_of('/'); slash != std::string::npos)
    module.erase(0, slash + 1);
  if (info.dli_sname && info.dli_saddr) {
    int status = 0;
    char* demangled = abi::__cxa_demangle(info.dli_sname, nullptr, nullptr, &status);
    std::string name = status == 0 && demangled ? demangled : info.dli_sname;
    std::free(demangled);
    std::snprintf(hex, sizeof hex, "+0x%llx",
                  static_cast<unsigned long long>(
                      instruction - reinterpret_cast<std::uintptr_t>(info.dli_saddr)));
    return name + hex + " (" + module + ")";
  }
  // No exported symbol (a program without -rdynamic): the offset addr2line takes.
  std::snprintf(hex, sizeof hex, "+0x%llx",
                static_cast<unsigned long long>(instruction -
                                                reinterpret_cast<std::uintptr_t>(info.dli_fbase)));
  return module + hex;
}

}  // namespace ampcl::debug
