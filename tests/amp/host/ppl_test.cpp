// <ppl.h>, <concrt.h> and the concurrent containers as Visual C++ programs use them,
// on real threads, each result compared with a serial reference: the algorithms
// over 1e6 elements, task groups, cancellation, locks guarding plain data, and the
// containers filled from many threads at once.
#include <concrt.h>
#include <concurrent_priority_queue.h>
#include <concurrent_queue.h>
#include <concurrent_unordered_map.h>
#include <concurrent_unordered_set.h>
#include <concurrent_vector.h>
#include <ppl.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <numeric>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "amp_check.h"

using namespace concurrency;

namespace {

const int N = 1000000;

// Waits (up to 30 s) until `threads` callers are inside at once: true when they
// were, which a serial implementation never achieves.
class rendezvous {
 public:
  explicit rendezvous(int threads) : _threads(threads) {}
  bool arrive() {
    ++_inside;
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (_inside.load() < _threads && std::chrono::steady_clock::now() < until)
      std::this_thread::yield();
    return _inside.load() >= _threads;
  }

 private:
  const int _threads;
  std::atomic<int> _inside{0};
};

std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return x;
}

void loops() {
  // Each index exactly once, the values a serial loop computes.
  std::vector<std::uint64_t> got(N), want(N);
  for (int i = 0; i < N; ++i) want[i] = mix(i);
  parallel_for(0, N, [&](int i) { got[i] = mix(i); });
  AMP_CHECK(got == want);

  std::vector<std::atomic<int>> visits(N);
  parallel_for(7, N, 3, [&](int i) { ++visits[i]; });
  bool steps = true;
  for (int i = 0; i < N; ++i) steps &= visits[i].load() == (i >= 7 && (i - 7) % 3 == 0 ? 1 : 0);
  AMP_CHECK(steps);

  // Each partitioner, and an affinity_partitioner used twice.
  auto once_each = [&](auto&& run) {
    for (auto& v : visits) v.store(0);
    run([&](std::size_t i) { ++visits[i]; });
    bool ok = true;
    for (auto& v : visits) ok &= v.load() == 1;
    return ok;
  };
  const std::size_t n = N;
  AMP_CHECK(once_each([&](auto f) { parallel_for(std::size_t(0), n, f, auto_partitioner()); }));
  AMP_CHECK(once_each([&](auto f) { parallel_for(std::size_t(0), n, f, static_partitioner()); }));
  AMP_CHECK(
      once_each([&](auto f) { parallel_for(std::size_t(0), n, f, simple_partitioner(1000)); }));
  affinity_partitioner affinity;
  AMP_CHECK(once_each([&](auto f) { parallel_for(std::size_t(0), n, f, affinity); }));
  AMP_CHECK(once_each([&](auto f) { parallel_for(std::size_t(0), n, f, affinity); }));
  AMP_CHECK(once_each(
      [&](auto f) { parallel_for(std::size_t(0), n, std::size_t(1), f, static_partitioner()); }));

  // Negative bounds, an empty range, and a step below 1.
  std::atomic<long long> sum{0};
  parallel_for(-1000, 1000, 7, [&](int i) { sum += i; });
  long long serial = 0;
  for (int i = -1000; i < 1000; i += 7) serial += i;
  AMP_CHECK(sum.load() == serial);
  bool ran = false;
  parallel_for(5, 5, [&](int) { ran = true; });
  AMP_CHECK(!ran);
  bool threw = false;
  try {
    parallel_for(0, 10, 0, [](int) {});
  } catch (const std::invalid_argument&) {
    threw = true;
  }
  AMP_CHECK(threw);

  // Real threads: two iterations are running at once.
  if (GetProcessorCount() > 1) {
    rendezvous meet(2);
    std::atomic<int> met{0};
    parallel_for(
        0, 2, [&](int) { met += meet.arrive(); }, simple_partitioner(1));
    AMP_CHECK(met.load() == 2);
  }
}

void for_each() {
  std::vector<int> v(N);
  std::iota(v.begin(), v.end(), 0);
  parallel_for_each(v.begin(), v.end(), [](int& x) { x = x * 2 + 1; });
  bool ok = true;
  for (int i = 0; i < N; ++i) ok &= v[i] == i * 2 + 1;
  AMP_CHECK(ok);
  parallel_for_each(
      v.begin(), v.end(), [](int& x) { x -= 1; }, static_partitioner());
  ok = true;
  for (int i = 0; i < N; ++i) ok &= v[i] == i * 2;
  AMP_CHECK(ok);

  std::list<int> l(10000, 3);  // forward iterators
  parallel_for_each(l.begin(), l.end(), [](int& x) { x *= 5; });
  AMP_CHECK(std::all_of(l.begin(), l.end(), [](int x) { return x == 15; }));
}

void invoke() {
  std::vector<int> hit(10, 0);
  auto f = [&](int k) { return [&hit, k] { hit[k] = k + 1; }; };
  parallel_invoke(f(0), f(1));
  AMP_CHECK(hit[0] == 1 && hit[1] == 2 && hit[2] == 0);
  parallel_invoke(f(0), f(1), f(2), f(3), f(4), f(5), f(6), f(7), f(8), f(9));
  bool all = true;
  for (int k = 0; k < 10; ++k) all &= hit[k] == k + 1;
  AMP_CHECK(all);
  if (GetProcessorCount() > 1) {
    rendezvous meet(2);
    std::atomic<int> met{0};
    parallel_invoke([&] { met += meet.arrive(); }, [&] { met += meet.arrive(); });
    AMP_CHECK(met.load() == 2);
  }
}

void reduce() {
  std::vector<long long> v(N);
  for (int i = 0; i < N; ++i) v[i] = static_cast<long long>(mix(i) % 1000) - 500;
  const long long serial = std::accumulate(v.begin(), v.end(), 0LL);
  AMP_CHECK(parallel_reduce(v.begin(), v.end(), 0LL) == serial);
  AMP_CHECK(parallel_reduce(v.begin(), v.end(), 0LL, std::plus<long long>()) == serial);
  const long long largest = *std::max_element(v.begin(), v.end());
  AMP_CHECK(parallel_reduce(v.begin(), v.end(), std::numeric_limits<long long>::min(),
                            [](long long a, long long b) { return std::max(a, b); }) == largest);
  // The range form: count the odd elements, into another type.
  const std::size_t odd = static_cast<std::size_t>(
      std::count_if(v.begin(), v.end(), [](long long x) { return x % 2 != 0; }));
  AMP_CHECK(parallel_reduce(
                v.begin(), v.end(), std::size_t(0),
                [](std::vector<long long>::iterator b, std::vector<long long>::iterator e,
                   std::size_t init) {
                  return init + static_cast<std::size_t>(
                                    std::count_if(b, e, [](long long x) { return x % 2 != 0; }));
                },
                std::plus<std::size_t>()) == odd);
  // Order kept: concatenation is associative, not commutative.
  std::vector<std::string> words(5000);
  std::string joined;
  for (int i = 0; i < 5000; ++i) {
    words[i] = std::to_string(i) + ",";
    joined += words[i];
  }
  AMP_CHECK(parallel_reduce(words.begin(), words.end(), std::string()) == joined);
  // Forward iterators.
  std::list<long long> l(v.begin(), v.begin() + 100000);
  AMP_CHECK(parallel_reduce(l.begin(), l.end(), 0LL) ==
            std::accumulate(v.begin(), v.begin() + 100000, 0LL));
}

void transform() {
  std::vector<int> a(N), b(N), out(N), want(N);
  for (int i = 0; i < N; ++i) a[i] = i, b[i] = static_cast<int>(mix(i) % 100);
  std::transform(a.begin(), a.end(), want.begin(), [](int x) { return x * 3 - 1; });
  auto end = parallel_transform(a.begin(), a.end(), out.begin(), [](int x) { return x * 3 - 1; });
  AMP_CHECK(out == want && end == out.end());
  std::transform(a.begin(), a.end(), b.begin(), want.begin(), std::minus<int>());
  parallel_transform(a.begin(), a.end(), b.begin(), out.begin(), std::minus<int>(),
                     static_partitioner());
  AMP_CHECK(out == want);
  affinity_partitioner affinity;
  parallel_transform(
      a.begin(), a.end(), out.begin(), [](int x) { return -x; }, affinity);
  AMP_CHECK(out[N - 1] == -(N - 1) && out[12345] == -12345);
  // Forward iterators, in and out.
  std::list<int> in(a.begin(), a.begin() + 50000), result(50000);
  auto last = parallel_transform(in.begin(), in.end(), result.begin(), [](int x) { return x + 7; });
  AMP_CHECK(last == result.end());
  int k = 0;
  bool ok = true;
  for (int r : result) ok &= r == k++ + 7;
  AMP_CHECK(ok);
}

void sorting() {
  std::vector<int> v(N);
  for (int i = 0; i < N; ++i) v[i] = static_cast<int>(mix(i) % 100000) - 50000;
  std::vector<int> want = v;
  std::sort(want.begin(), want.end());
  std::vector<int> s = v;
  parallel_sort(s.begin(), s.end());
  AMP_CHECK(s == want);
  s = v;
  parallel_buffered_sort(s.begin(), s.end());
  AMP_CHECK(s == want);
  s = v;
  parallel_sort(s.begin(), s.end(), std::greater<int>());
  AMP_CHECK(std::equal(s.begin(), s.end(), want.rbegin()));
  s = v;
  parallel_buffered_sort(std::allocator<int>(), s.begin(), s.end(), std::greater<int>());
  AMP_CHECK(std::equal(s.begin(), s.end(), want.rbegin()));

  std::vector<unsigned> u(N), uwant;
  for (int i = 0; i < N; ++i) u[i] = static_cast<unsigned>(mix(i));
  uwant = u;
  std::sort(uwant.begin(), uwant.end());
  parallel_radixsort(u.begin(), u.end());
  AMP_CHECK(u == uwant);
  // Stable, through a projection: equal keys keep their order.
  std::vector<std::pair<unsigned, int>> p(N);
  for (int i = 0; i < N; ++i) p[i] = {static_cast<unsigned>(mix(i) % 1000), i};
  std::vector<std::pair<unsigned, int>> pwant = p;
  std::stable_sort(pwant.begin(), pwant.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  parallel_radixsort(
      p.begin(), p.end(), [](const std::pair<unsigned, int>& e) { return std::size_t(e.first); },
      4096);
  AMP_CHECK(p == pwant);
}

void groups() {
  // Many tasks, each result where it belongs.
  std::vector<long long> parts(64, 0);
  task_group g;
  for (int t = 0; t < 64; ++t)
    g.run([&parts, t] {
      long long s = 0;
      for (int i = t; i < N; i += 64) s += i;
      parts[t] = s;
    });
  AMP_CHECK(g.wait() == completed);
  AMP_CHECK(std::accumulate(parts.begin(), parts.end(), 0LL) == (long long)N * (N - 1) / 2);

  // task_handle, run_and_wait, structured_task_group.
  int a = 0, b = 0;
  auto ha = make_task([&a] { a = 1; });
  auto hb = make_task([&b] { b = 2; });
  structured_task_group sg;
  sg.run(ha);
  AMP_CHECK(sg.run_and_wait(hb) == completed);
  AMP_CHECK(a == 1 && b == 2);

  // An exception reaches wait().
  task_group failing;
  failing.run([] { throw std::runtime_error("from a task"); });
  std::string message;
  try {
    failing.wait();
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  AMP_CHECK(message == "from a task");

  // cancel(): the loop stops early, the group says canceled, and its work sees it.
  std::atomic<int> iterations{0};
  std::atomic<bool> saw_canceling{false};
  structured_task_group stopping;
  auto loop = make_task([&] {
    parallel_for(0, N, [&](int i) {
      ++iterations;
      if (i == 1000) stopping.cancel();
      if (is_current_task_group_canceling()) saw_canceling.store(true);
    });
  });
  AMP_CHECK(stopping.run_and_wait(loop) == canceled);
  AMP_CHECK(iterations.load() < N && saw_canceling.load());

  // A cancellation token cancels the group.
  cancellation_token_source source;
  task_group with_token(source.get_token());
  std::atomic<bool> started{false};
  with_token.run([&] {
    started.store(true);
    while (!is_current_task_group_canceling()) std::this_thread::yield();
  });
  while (!started) std::this_thread::yield();
  source.cancel();
  AMP_CHECK(with_token.wait() == canceled);

  // Destroyed without wait(): missing_wait.
  bool missing = false;
  try {
    task_group forgotten;
    forgotten.run([] { std::this_thread::sleep_for(std::chrono::milliseconds(50)); });
  } catch (const missing_wait&) {
    missing = true;
  }
  AMP_CHECK(missing);

  if (GetProcessorCount() > 1) {
    rendezvous meet(2);
    std::atomic<int> met{0};
    task_group both;
    both.run([&] { met += meet.arrive(); });
    both.run([&] { met += meet.arrive(); });
    both.wait();
    AMP_CHECK(met.load() == 2);
  }
}

void locks() {
  // A plain counter incremented from every iteration: exact under the lock.
  critical_section cs;
  long long counter = 0;
  parallel_for(0, N, [&](int) {
    critical_section::scoped_lock hold(cs);
    ++counter;
  });
  AMP_CHECK(counter == N);
  // Not recursive; try_lock_for times out while another thread holds it.
  cs.lock();
  bool improper = false;
  try {
    cs.lock();
  } catch (const improper_lock&) {
    improper = true;
  }
  AMP_CHECK(improper);
  bool got = true;
  std::thread([&] { got = cs.try_lock_for(50); }).join();
  AMP_CHECK(!got);
  cs.unlock();
  std::thread([&] {
    got = cs.try_lock_for(50);
    if (got) cs.unlock();
  }).join();
  AMP_CHECK(got);

  // Readers never see a writer's half-done update.
  reader_writer_lock rw;
  long long x = 0, y = 0;
  std::atomic<int> torn{0};
  parallel_for(0, 200000, [&](int i) {
    if (i % 10 == 0) {
      reader_writer_lock::scoped_lock hold(rw);
      ++x;
      ++y;
    } else {
      reader_writer_lock::scoped_lock_read hold(rw);
      if (x != y) ++torn;
    }
  });
  AMP_CHECK(torn.load() == 0 && x == 20000 && y == 20000);
  rw.lock_read();
  AMP_CHECK(!rw.try_lock());
  rw.unlock();
  AMP_CHECK(rw.try_lock());
  AMP_CHECK(!rw.try_lock_read());
  rw.unlock();

  // event: set by another thread; a wait with a timeout that runs out.
  event e;
  AMP_CHECK(e.wait(10) == COOPERATIVE_WAIT_TIMEOUT);
  std::thread setter([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    e.set();
  });
  AMP_CHECK(e.wait() == 0);
  setter.join();
  e.reset();
  AMP_CHECK(e.wait(0) == COOPERATIVE_WAIT_TIMEOUT);
  event e2;
  e2.set();
  event* both[] = {&e, &e2};
  AMP_CHECK(event::wait_for_multiple(both, 2, false, 1000) == 1);
  AMP_CHECK(event::wait_for_multiple(both, 2, true, 10) == COOPERATIVE_WAIT_TIMEOUT);
  AMP_CHECK(GetProcessorCount() >= 1 && CurrentScheduler::GetNumberOfVirtualProcessors() >= 1);
}

void combinables() {
  combinable<long long> sums;
  parallel_for(0, N, [&](int i) { sums.local() += i; });
  AMP_CHECK(sums.combine(std::plus<long long>()) == (long long)N * (N - 1) / 2);
  long long each = 0;
  sums.combine_each([&](long long s) { each += s; });
  AMP_CHECK(each == (long long)N * (N - 1) / 2);
  combinable<int> seeded([] { return 100; });
  bool exists = true;
  seeded.local(exists);
  AMP_CHECK(!exists && seeded.local() == 100);
}

void containers() {
  // concurrent_vector: every push_back kept, none twice.
  concurrent_vector<int> v;
  parallel_for(0, N, [&](int i) { v.push_back(i); });
  AMP_CHECK(v.size() == static_cast<std::size_t>(N));
  std::vector<int> sorted(v.begin(), v.end());
  std::sort(sorted.begin(), sorted.end());
  bool ok = true;
  for (int i = 0; i < N; ++i) ok &= sorted[i] == i;
  AMP_CHECK(ok);
  auto grown = v.grow_by(10, -1);
  AMP_CHECK(v.size() == static_cast<std::size_t>(N) + 10 && *grown == -1);

  // concurrent_unordered_map / set: inserts and finds from every thread.
  concurrent_unordered_map<int, long long> m;
  parallel_for(0, 200000, [&](int i) { m.insert(std::make_pair(i, (long long)i * i)); });
  std::atomic<int> found{0};
  parallel_for(0, 200000, [&](int i) {
    auto it = m.find(i);
    if (it != m.end() && it->second == (long long)i * i) ++found;
  });
  AMP_CHECK(m.size() == 200000u && found.load() == 200000 && m.find(-1) == m.end());
  concurrent_unordered_multimap<int, int> mm;
  parallel_for(0, 1000, [&](int i) { mm.insert(std::make_pair(i % 10, i)); });
  AMP_CHECK(mm.count(3) == 100u);
  concurrent_unordered_set<int> set;
  parallel_for(0, 100000, [&](int i) { set.insert(i % 5000); });
  AMP_CHECK(set.size() == 5000u);

  // concurrent_queue: 4 producers, 4 consumers, every item once.
  concurrent_queue<int> q;
  const int per = 50000;
  std::atomic<int> popped{0};
  std::vector<std::vector<int>> got(4);
  std::vector<std::thread> threads;
  for (int p = 0; p < 4; ++p)
    threads.emplace_back([&q, p] {
      for (int i = 0; i < per; ++i) q.push(p * per + i);
    });
  for (int c = 0; c < 4; ++c)
    threads.emplace_back([&, c] {
      int item;
      while (popped.load() < 4 * per)
        if (q.try_pop(item)) {
          got[c].push_back(item);
          ++popped;
        }
    });
  for (auto& t : threads) t.join();
  std::vector<int> all;
  for (auto& g : got) all.insert(all.end(), g.begin(), g.end());
  std::sort(all.begin(), all.end());
  ok = all.size() == 4u * per;
  for (int i = 0; ok && i < 4 * per; ++i) ok &= all[i] == i;
  AMP_CHECK(ok && q.empty());

  // concurrent_priority_queue: pushed from threads, popped largest first.
  concurrent_priority_queue<int> pq;
  parallel_for(0, 100000, [&](int i) { pq.push(static_cast<int>(mix(i) % 1000000)); });
  int previous = 1 << 30, item, count = 0;
  ok = true;
  while (pq.try_pop(item)) {
    ok &= item <= previous;
    previous = item;
    ++count;
  }
  AMP_CHECK(ok && count == 100000);
}

}  // namespace

int main() {
  loops();
  for_each();
  invoke();
  reduce();
  transform();
  sorting();
  groups();
  locks();
  combinables();
  containers();
  return amp_check::finish("ppl");
}
