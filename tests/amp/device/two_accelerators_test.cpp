// Data used on two accelerators, as C++ AMP programs share it (the conformance
// suite's ImplicitSynchronize/Remote and SynchronousCopy/MultiAccelerator): an
// array_view over host data written on one accelerator and read or written on the
// other, sections of one view on each, an array used on another accelerator through
// a view, copies between arrays of two accelerators and through a staging array.
// Every result is checked against a host reference; outputs start poisoned.
//
// CTest runs it with POCL_DEVICES="pthread pthread" (two PoCL devices) and
// AMPCL_TEST_TWO_DEVICES=1, which makes one accelerator a failure instead of a skip.
#include <amp.h>

#include <cstdlib>
#include <cstring>
#include <numeric>
#include <vector>

#include "../amp_check.h"

using namespace concurrency;

namespace {

const int poison = -0x5A5A5A5A;
const int n = 625;

std::vector<int> iota_plus(int k) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), k);
  return v;
}

// ImplicitSynchronize/Remote/Test.05: a view written on A, read on B (two sections).
void view_written_on_a_read_on_b(const accelerator_view& a, const accelerator_view& b) {
  std::vector<int> data = iota_plus(0), out(n, poison);
  array_view<int, 2> av(25, 25, data);
  array_view<int, 2> outv(25, 25, out);
  parallel_for_each(
      a, av.extent, [=](index<2> i) restrict(amp) { av[i] += 1000; });
  parallel_for_each(
      b, outv.extent, [=](index<2> i) restrict(amp) { outv[i] = av[i]; });
  outv.synchronize();
  AMP_CHECK(out == iota_plus(1000));
  av.synchronize();
  AMP_CHECK(data == iota_plus(1000));
}

// Remote/Test.06-08: sections of one view written on each accelerator in turn, with
// host writes between; the host sees every write.
void sections_written_on_each(const accelerator_view& a, const accelerator_view& b) {
  std::vector<int> data = iota_plus(0);
  array_view<int, 1> av(n, data);
  std::vector<int> expected = iota_plus(0);
  for (int round = 0; round < 3; ++round) {
    array_view<int, 1> lo = av.section(0, 400);
    array_view<int, 1> hi = av.section(300, n - 300);  // overlaps lo
    parallel_for_each(
        a, lo.extent, [=](index<1> i) restrict(amp) { lo[i] += 1; });
    for (int i = 0; i < 400; ++i) expected[i] += 1;
    av[350] = -round;  // host write between the two launches
    expected[350] = -round;
    parallel_for_each(
        b, hi.extent, [=](index<1> i) restrict(amp) { hi[i] *= 2; });
    for (int i = 300; i < n; ++i) expected[i] *= 2;
  }
  av.synchronize();
  AMP_CHECK(data == expected);
}

// An array of A used by a launch on B through an array_view, then by A again. The
// arrays have no host memory (access_type_none), as on a discrete GPU: on PoCL the
// default would share the host's memory and take another path.
void array_of_a_used_on_b(const accelerator_view& a, const accelerator_view& b) {
  const std::vector<int> init = iota_plus(0);
  array<int, 1> arr(n, init.begin(), init.end(), a, access_type_none);
  array_view<int, 1> view(arr);
  parallel_for_each(
      b, view.extent, [=](index<1> i) restrict(amp) { view[i] += 10; });
  parallel_for_each(
      a, arr.extent, [&arr](index<1> i) restrict(amp) { arr[i] += 5; });
  std::vector<int> out(n, poison);
  copy(arr, out.begin());
  AMP_CHECK(out == iota_plus(15));
}

// copy() between arrays of A and B, and from B into an array of A through a staging
// array (the CPU accelerator's, associated with A).
void copies_between_accelerators(const accelerator_view& a, const accelerator_view& b) {
  const std::vector<int> init = iota_plus(0), poisoned(n, poison);
  array<int, 1> on_a(n, init.begin(), init.end(), a, access_type_none);
  array<int, 1> on_b(n, poisoned.begin(), poisoned.end(), b, access_type_none);
  parallel_for_each(
      a, on_a.extent, [&on_a](index<1> i) restrict(amp) { on_a[i] *= 3; });
  copy(on_a, on_b);
  parallel_for_each(
      b, on_b.extent, [&on_b](index<1> i) restrict(amp) { on_b[i] += 1; });
  std::vector<int> out(n, poison), expected(n);
  for (int i = 0; i < n; ++i) expected[i] = 3 * i + 1;
  copy(on_b, out.begin());
  AMP_CHECK(out == expected);

  accelerator_view cpu = accelerator(accelerator::cpu_accelerator).default_view;
  array<int, 1> staging(n, poisoned.begin(), poisoned.end(), cpu, a);
  copy(on_b, staging);
  AMP_CHECK(std::memcmp(staging.data(), expected.data(), n * sizeof(int)) == 0);
  array<int, 1> back_on_a(n, poisoned.begin(), poisoned.end(), a, access_type_none);
  copy(staging, back_on_a);
  std::vector<int> back(n, poison);
  copy(back_on_a, back.begin());
  AMP_CHECK(back == expected);
}

}  // namespace

int main() {
  std::vector<accelerator> devices;
  for (const accelerator& acc : accelerator::get_all())
    if (acc.device_path != accelerator::cpu_accelerator) devices.push_back(acc);
  if (devices.size() < 2) {
    const char* required = std::getenv("AMPCL_TEST_TWO_DEVICES");
    if (required && std::strcmp(required, "1") == 0) {
      std::fprintf(stderr,
                   "two_accelerators_test: needs two OpenCL devices and found %zu: run it with "
                   "POCL_DEVICES=\"pthread pthread\" (PoCL then shows two CPU devices)\n",
                   devices.size());
      return 1;
    }
    std::printf("two_accelerators_test: skipped, one accelerator\n");
    return 0;
  }
  AMP_CHECK(devices[0].device_path != devices[1].device_path);
  const accelerator_view a = devices[0].default_view, b = devices[1].default_view;
  view_written_on_a_read_on_b(a, b);
  sections_written_on_each(a, b);
  array_of_a_used_on_b(a, b);
  copies_between_accelerators(a, b);
  return amp_check::finish("two_accelerators_test");
}
