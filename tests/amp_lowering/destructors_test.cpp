// Destructors in restrict(amp) code run where C++ runs them: a block's objects at
// its end, last constructed first, and when a return, break or continue leaves
// it; a full expression's temporaries at its end; members after the destructor's
// body, last declared first. Each object logs its construction (+id) and
// destruction (-id); the kernel's log is compared with the same code's on the host.
#include "check.h"

using namespace concurrency;

namespace {

// log[0] counts the events that follow it.
void record(const array_view<int, 1>& log, int event) restrict(cpu, amp) {
  const int n = log[0] + 1;
  log[0] = n;
  log[n] = event;
}

struct tracer {
  array_view<int, 1> log;
  int id;
  tracer(const array_view<int, 1>& l, int i) restrict(cpu, amp) : log(l), id(i) { record(log, id); }
  tracer(const tracer& o) restrict(cpu, amp) : log(o.log), id(o.id + 100) { record(log, id); }
  ~tracer() restrict(cpu, amp) { record(log, -id); }
};

// No destructor of its own: its members' run, b before a.
struct two {
  tracer a, b;
  explicit two(const array_view<int, 1>& log) restrict(cpu, amp) : a(log, 7), b(log, 8) {}
};

int scenario(const array_view<int, 1>& log, int k) restrict(cpu, amp) {
  tracer outer(log, 1);
  { tracer inner(log, 2); }
  for (int i = 0; i < 3; ++i) {
    tracer each(log, 10 + i);
    if (i == 0) continue;
    if (i == 2) break;
  }
  for (int i = 0; i < 2; ++i, tracer(log, 20 + i)) {
  }
  { two both(log); }
  (void)tracer(log, 30);
  if (k > 0) {
    tracer early(log, 40);
    return k * 2;
  }
  return -k;
}

}  // namespace

int main() {
  const int size = 64;
  std::vector<int> host(size, 0), device(size, poison);
  device[0] = 0;
  array_view<int, 1> host_log(size, host), device_log(size, device);
  std::vector<int> result(1, poison);
  array_view<int, 1> out(1, result);

  const int expected = scenario(host_log, 5);
  parallel_for_each(
      extent<1>(1), [=](index<1>) restrict(amp) { out[0] = scenario(device_log, 5); });
  device_log.synchronize();
  out.synchronize();

  CHECK_EQ(result[0], expected);
  CHECK_EQ(device[0], host[0]);
  for (int i = 1; i <= host[0] && i < size; ++i) CHECK_EQ(device[i], host[i]);
  // The host's order, as C++ defines it: the early return destroys `early`, then `outer`.
  CHECK_EQ(host[host[0] - 1], -40);
  CHECK_EQ(host[host[0]], -1);
  return report("destructors_test");
}
