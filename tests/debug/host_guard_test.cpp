// Page guards on their own: overlapping guards (strictest wins, released one by
// one), what a fault records, and faults that are not ours still crash.
#include "host_guard.hpp"

#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <thread>

#include "page_protection.hpp"

using namespace ampcl::debug;

namespace {

// Page-aligned memory of its own, so guards never touch anything else.
struct pages {
  explicit pages(std::size_t count) : bytes(count * page()) {
    memory = static_cast<char*>(
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0));
  }
  ~pages() { munmap(memory, bytes); }
  pages(const pages&) = delete;
  pages& operator=(const pages&) = delete;
  static std::size_t page() { return static_cast<std::size_t>(sysconf(_SC_PAGESIZE)); }
  char* memory = nullptr;
  std::size_t bytes = 0;
};

volatile char sink = 0;

}  // namespace

TEST(host_guard, only_whole_pages_inside_are_guarded) {
  pages p(4);
  const std::size_t page = pages::page();
  const page_span span = whole_pages_inside(p.memory + 8, 3 * page);
  EXPECT_EQ(span.begin, reinterpret_cast<std::uintptr_t>(p.memory + page));
  EXPECT_EQ(span.end, reinterpret_cast<std::uintptr_t>(p.memory + 3 * page));
  EXPECT_TRUE(whole_pages_inside(p.memory + 8, page).empty());
  EXPECT_FALSE(guard_host_pages(p.memory + 8, page, true));  // no whole page: nothing guarded
}

TEST(host_guard, overlapping_guards_keep_the_strictest_until_the_last_is_released) {
  pages p(3);
  const std::size_t page = pages::page();
  const guard_ticket reader = guard_host_pages(p.memory, 3 * page, false);
  const guard_ticket writer = guard_host_pages(p.memory + page, page, true);
  ASSERT_TRUE(reader);
  ASSERT_TRUE(writer);
  EXPECT_EQ(test::page_protection(p.memory), "r--");
  EXPECT_EQ(test::page_protection(p.memory + page), "---");
  release_host_pages(writer);
  EXPECT_EQ(test::page_protection(p.memory + page), "r--");  // the reader's guard stays
  const guard_ticket second_reader = guard_host_pages(p.memory, 3 * page, false);
  release_host_pages(reader);
  EXPECT_EQ(test::page_protection(p.memory + 2 * page), "r--");
  release_host_pages(second_reader);
  EXPECT_EQ(test::page_protection(p.memory), "rw-");
  EXPECT_EQ(test::page_protection(p.memory + 2 * page), "rw-");
}

TEST(host_guard, a_fault_is_recorded_once_and_lifts_the_guard) {
  pages p(2);
  const guard_ticket ticket = guard_host_pages(p.memory, p.bytes, true);
  ASSERT_TRUE(ticket);
  long thread = 0;
  std::thread([&] {
    // volatile: an optimizer may otherwise store before it loads
    volatile char* memory = p.memory;
    sink = memory[10];  // read: faults, recorded, let through
    memory[11] = 1;     // no second fault: the guard is lifted
    thread = static_cast<long>(gettid());
  }).join();
  const host_touch touch = release_host_pages(ticket);
  EXPECT_EQ(touch.access, host_touch::kind::read);
  EXPECT_EQ(touch.thread, thread);
  EXPECT_FALSE(touch.main_thread);
  EXPECT_NE(touch.instruction, 0u);
  EXPECT_NE(describe_instruction(touch.instruction).find("+0x"), std::string::npos);
  EXPECT_EQ(p.memory[11], 1);
  // Released twice: the same touch, nothing else happens.
  EXPECT_EQ(release_host_pages(ticket).access, host_touch::kind::read);
}

TEST(host_guard, a_write_to_a_read_guard_is_a_write) {
  pages p(1);
  const guard_ticket ticket = guard_host_pages(p.memory, p.bytes, false);
  ASSERT_TRUE(ticket);
  sink = p.memory[0];  // reads are allowed
  p.memory[1] = 2;
  const host_touch touch = release_host_pages(ticket);
  EXPECT_EQ(touch.access, host_touch::kind::write);
  EXPECT_TRUE(touch.main_thread);
}

TEST(host_guard, release_all_lifts_every_guard) {
  pages p(2);
  const guard_ticket ticket = guard_host_pages(p.memory, p.bytes, true);
  ASSERT_TRUE(ticket);
  release_all_host_pages();
  EXPECT_EQ(test::page_protection(p.memory), "rw-");
  EXPECT_EQ(release_host_pages(ticket).access, host_touch::kind::none);
}

using host_guard_death = ::testing::Test;

#if defined(__SANITIZE_ADDRESS__)
constexpr const char* kCrashReport = "AddressSanitizer: SEGV";  // ASan's handler got it
#else
constexpr const char* kCrashReport = "";  // killed by SIGSEGV, nothing printed
#endif

// Faults that are not on a guarded page go to the previous handler (the
// default: the process dies of SIGSEGV; under ASan, ASan's report and exit).
TEST(host_guard_death, a_genuine_segfault_still_kills_the_process) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_DEATH(
      {
        pages guarded(1);
        if (!guard_host_pages(guarded.memory, guarded.bytes, true)) _exit(0);  // fails the test
        char* gone = nullptr;
        {
          pages unmapped(1);
          gone = unmapped.memory;
        }
        *reinterpret_cast<volatile char*>(gone) = 1;  // no mapping there any more
      },
      kCrashReport);
  EXPECT_DEATH(
      {
        pages guarded(1);
        pages read_only(1);
        if (!guard_host_pages(guarded.memory, guarded.bytes, true)) _exit(0);  // fails the test
        mprotect(read_only.memory, read_only.bytes, PROT_READ);  // not a guard of ours
        read_only.memory[0] = 1;
      },
      kCrashReport);
}
