// C++ AMP's CPU accelerator: its arrays are host memory (data() works whatever
// cpu_access_type was asked for), it stages copies for a device, and it runs no
// kernel: parallel_for_each on its view, or on arrays that live there, throws.
#include <amp.h>

#include <numeric>
#include <string>
#include <vector>

#include "device_check.h"

using namespace concurrency;

namespace {

template <class F>
bool throws_unsupported(F f) {
  try {
    f();
  } catch (const runtime_exception& e) {
    const std::string what = e.what();
    if (what.find("parallel_for_each is not supported on the selected accelerator \"CPU "
                  "accelerator\"") != std::string::npos)
      return true;
    std::fprintf(stderr, "    unexpected message: %s\n", what.c_str());
  }
  return false;
}

void host_memory() {
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  array<int, 1> none(extent<1>(16), cpu, access_type_none);
  AMP_CHECK(none.get_cpu_access_type() == access_type_read_write);
  std::iota(none.data(), none.data() + 16, 100);  // the host writes it in place
  AMP_CHECK_EQ(none[15], 115);
  array<int, 2> plain(4, 4, cpu);
  plain.data()[5] = 7;
  AMP_CHECK_EQ(plain(1, 1), 7);
}

void no_kernels() {
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  std::vector<int> input(64, 1);
  array<int, 1> on_cpu(64, input.begin(), cpu);
  AMP_CHECK(throws_unsupported([&] {
    parallel_for_each(
        on_cpu.extent, [&on_cpu](index<1> i) restrict(amp) { on_cpu[i] += 1; });
  }));
  array<int, 1> staged(extent<1>(64), cpu, accelerator().default_view);
  AMP_CHECK(throws_unsupported([&] {
    parallel_for_each(
        staged.extent, [&staged](index<1> i) restrict(amp) { staged[i] = 2; });
  }));
  array<int, 1> on_device(64, input.begin());
  AMP_CHECK(throws_unsupported([&] {
    parallel_for_each(
        cpu, on_device.extent, [&on_device](index<1> i) restrict(amp) { on_device[i] = 3; });
  }));
  AMP_CHECK_EQ(on_cpu[63], 1);  // no kernel ran

  // The same data through a device array: copied in, computed, copied out.
  array<int, 1> work(on_cpu, accelerator().default_view, access_type_none);
  parallel_for_each(
      work.extent, [&work](index<1> i) restrict(amp) { work[i] += i[0]; });
  copy(work, on_cpu);
  AMP_CHECK_EQ(on_cpu[63], 64);
}

// A "staging" array whose first view is not the CPU accelerator's is a plain
// array there, associated with that same view.
void staging_forms() {
  const accelerator_view device = accelerator().create_view();
  const accelerator_view cpu = accelerator(accelerator::cpu_accelerator).create_view();
  array<int, 1> plain(extent<1>(8), device, cpu);
  AMP_CHECK(plain.get_accelerator_view() == device);
  AMP_CHECK(plain.get_associated_accelerator_view() == device);
  array<int, 1> staged(extent<1>(8), cpu, device);
  AMP_CHECK(staged.get_accelerator_view() == cpu);
  AMP_CHECK(staged.get_associated_accelerator_view() == device);

  // From a view: on a view with an access type, and as a staging array.
  std::vector<int> host(8);
  std::iota(host.begin(), host.end(), 1);
  array_view<const int, 1> src(8, host);
  array<int, 1> with_access(src, accelerator().default_view, access_type_none);
  array<int, 1> staging(src, cpu, device);
  AMP_CHECK(with_access.get_cpu_access_type() == access_type_none);
  AMP_CHECK(staging.get_associated_accelerator_view() == device);
  std::vector<int> back = with_access;
  AMP_CHECK(back == host);
  AMP_CHECK_EQ(staging.data()[7], 8);
}

}  // namespace

int main() {
  host_memory();
  no_kernels();
  staging_forms();
  return amp_check::finish("cpu_accelerator_test");
}
