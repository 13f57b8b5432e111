// A copy into an array_view is as if written through the view to its data source
// (C++ AMP as Visual C++ implements it): after a kernel used a view over host
// memory, copy() into the view (or a section of it) and refresh() keep the copy.
// A copy out of a view leaves its data source as it was until synchronize().
//
// Every destination over the same 96 ints (a std::vector, a pointer, an array with
// and without CPU access, no data source), each shape of it (whole, sections,
// projection, view_as, reinterpret_as, strided sections of rank 2 and 3), each
// state a kernel left (none, read it, wrote it), each source (arrays, views over
// arrays and host memory written by a kernel, a strided and a read-only view, host
// iterators), each call (copy, copy_async, copy_to), then refresh() and
// synchronize(), synchronize() alone, or discard_data() and a kernel: every element
// of the data source is checked. Results are read into poisoned memory.
//
// With two accelerators (CTest's second run, POCL_DEVICES="pthread pthread"), the
// sources live on the second and the destinations' kernels run on the first.
#include <amp.h>

#include <cstdlib>
#include <cstring>
#include <functional>
#include <numeric>
#include <string>
#include <vector>

#include "../amp_check.h"

using namespace concurrency;

namespace {

const int n = 96;
const int poison = -0x5A5A5A5A;
const int source_old = -3;  // a source view's data source before its kernel wrote it

int base_value(int i) {
  return 1000 + i;
}
int source_value(int k) {
  return 5000 + k;
}
const int kernel_added = 100000;

template <int K, class F>
void for_each_index(const extent<K>& e, F f) {
  index<K> i;
  for (;;) {
    f(i);
    int d = K - 1;
    while (d >= 0 && ++i[d] == e[d]) i[d--] = 0;
    if (d < 0) return;
  }
}

template <int K>
int flat(const index<K>& i, const extent<K>& e) restrict(cpu, amp) {
  int k = 0;
  for (int d = 0; d < K; ++d) k = k * e[d] + i[d];
  return k;
}

// ---- destinations: 96 ints behind a rank-1 view ----
enum class dest_kind { vector, pointer, array_none, array_auto, no_source };
const char* name(dest_kind d) {
  switch (d) {
    case dest_kind::vector:
      return "view over std::vector";
    case dest_kind::pointer:
      return "view over a pointer";
    case dest_kind::array_none:
      return "view over array (access_type_none)";
    case dest_kind::array_auto:
      return "view over array (default CPU access)";
    case dest_kind::no_source:
      return "view without data source";
  }
  return "?";
}
bool over_host_memory(dest_kind d) {
  return d == dest_kind::vector || d == dest_kind::pointer;
}

struct destination {
  dest_kind kind;
  std::vector<int> host;  // the data source of vector/pointer kinds
  std::unique_ptr<array<int, 1>> arr;
  array_view<int, 1> base;

  destination(dest_kind k, const accelerator_view& av) : kind(k), host(n), base(make(k, av)) {}

  array_view<int, 1> make(dest_kind k, const accelerator_view& av) {
    std::vector<int> init(n);
    for (int i = 0; i < n; ++i) init[i] = base_value(i);
    switch (k) {
      case dest_kind::vector:
        host = init;
        return array_view<int, 1>(n, host);
      case dest_kind::pointer:
        host = init;
        return array_view<int, 1>(extent<1>(n), host.data());
      case dest_kind::array_none:
        arr.reset(new array<int, 1>(n, init.begin(), init.end(), av, access_type_none));
        return array_view<int, 1>(*arr);
      case dest_kind::array_auto:
        arr.reset(new array<int, 1>(n, init.begin(), init.end(), av));
        return array_view<int, 1>(*arr);
      case dest_kind::no_source: {
        array_view<int, 1> v(n);
        for (int i = 0; i < n; ++i) v[i] = init[i];
        return v;
      }
    }
    throw 0;
  }

  // The data, read after the test's last synchronize into poisoned memory.
  std::vector<int> data() const {
    if (over_host_memory(kind)) return host;
    std::vector<int> out(n, poison);
    if (arr)
      copy(*arr, out.begin());
    else
      copy(base, out.begin());
    return out;
  }
};

// ---- shapes of a destination ----
using shape_fn1 = std::function<array_view<int, 1>(const array_view<int, 1>&)>;
using shape_fn2 = std::function<array_view<int, 2>(const array_view<int, 1>&)>;
using shape_fn3 = std::function<array_view<int, 3>(const array_view<int, 1>&)>;
using shape_fnu = std::function<array_view<unsigned, 1>(const array_view<int, 1>&)>;

// ---- what the destination went through before the copy, and after it ----
enum class prior { untouched, kernel_read, kernel_wrote };
enum class after { refresh_synchronize, synchronize, discard_and_kernel };
const char* name(prior p) {
  return p == prior::untouched     ? "untouched"
         : p == prior::kernel_read ? "kernel read"
                                   : "kernel wrote";
}
const char* name(after a) {
  return a == after::refresh_synchronize ? "refresh+synchronize"
         : a == after::synchronize       ? "synchronize"
                                         : "discard_data+kernel";
}

// ---- sources ----
enum class source_kind {
  array_none,
  array_auto,
  view_over_array,
  host_view,          // over host memory, written by a kernel (only the device has it)
  strided_host_view,  // a section of a larger such view
  const_host_view,    // array_view<const T> of a host view written by a kernel
  iterators
};
const source_kind all_sources[] = {source_kind::array_none,        source_kind::array_auto,
                                   source_kind::view_over_array,   source_kind::host_view,
                                   source_kind::strided_host_view, source_kind::const_host_view,
                                   source_kind::iterators};
const char* name(source_kind s) {
  switch (s) {
    case source_kind::array_none:
      return "array (access_type_none)";
    case source_kind::array_auto:
      return "array (default CPU access)";
    case source_kind::view_over_array:
      return "view over array";
    case source_kind::host_view:
      return "host view written by a kernel";
    case source_kind::strided_host_view:
      return "strided host view written by a kernel";
    case source_kind::const_host_view:
      return "const host view written by a kernel";
    case source_kind::iterators:
      return "host iterators";
  }
  return "?";
}
enum class call { copy, copy_async, copy_to };
const char* name(call c) {
  return c == call::copy ? "copy" : c == call::copy_async ? "copy_async" : "copy_to";
}

template <int K>
extent<K> grown(const extent<K>& e) {
  extent<K> g = e;
  for (int d = 0; d < K; ++d) g[d] += 2;
  return g;
}

// Runs the copy of `kind` into `dst` on `on` (the source's accelerator); checks that
// a source view's data source is left as it was until its synchronize().
template <class T, int K>
void copy_from(source_kind kind, call how, const array_view<T, K>& dst, const accelerator_view& on,
               const std::string& where) {
  const extent<K> e = dst.extent;
  std::vector<T> values(e.size());
  for (std::size_t k = 0; k < values.size(); ++k) values[k] = static_cast<T>(source_value(int(k)));
  const auto run = [&](auto& src) {
    switch (how) {
      case call::copy:
        copy(src, dst);
        break;
      case call::copy_async:
        copy_async(src, dst).get();
        break;
      case call::copy_to:
        src.copy_to(dst);
        break;
    }
  };
  switch (kind) {
    case source_kind::array_none:
    case source_kind::array_auto: {
      array<T, K> a = kind == source_kind::array_none
                          ? array<T, K>(e, values.begin(), values.end(), on, access_type_none)
                          : array<T, K>(e, values.begin(), values.end(), on);
      run(a);
      return;
    }
    case source_kind::view_over_array: {
      array<T, K> a(e, values.begin(), values.end(), on, access_type_none);
      array_view<T, K> v(a);
      run(v);
      return;
    }
    case source_kind::host_view:
    case source_kind::strided_host_view:
    case source_kind::const_host_view: {
      const bool strided = kind == source_kind::strided_host_view;
      const extent<K> whole = strided ? grown(e) : e;
      std::vector<T> host(whole.size(), static_cast<T>(source_old));
      array_view<T, K> all(whole, host);
      index<K> origin;
      if (strided)
        for (int d = 0; d < K; ++d) origin[d] = 1;
      array_view<T, K> v = all.section(origin, e);
      parallel_for_each(
          on, e, [=](index<K> i) restrict(amp) { v[i] = static_cast<T>(5000 + flat(i, e)); });
      if (kind == source_kind::const_host_view) {
        array_view<const T, K> c(v);
        run(c);
      } else {
        run(v);
      }
      bool untouched = true;
      for (const T& x : host) untouched = untouched && x == static_cast<T>(source_old);
      if (!AMP_CHECK(untouched))
        std::fprintf(stderr, "    %s: the source view's data source changed before synchronize()\n",
                     where.c_str());
      all.synchronize();
      std::size_t k = 0;
      bool written = true;
      for_each_index(
          e, [&](const index<K>& i) { written = written && all[i + origin] == values[k++]; });
      AMP_CHECK(written);
      return;
    }
    case source_kind::iterators:
      if (how == call::copy_to)
        copy(values.begin(), dst);  // the one-iterator form
      else if (how == call::copy_async)
        copy_async(values.begin(), values.end(), dst).get();
      else
        copy(values.begin(), values.end(), dst);
      return;
  }
}

int cases = 0, failed_cases = 0;

// One destination kind, shape, history, source, call and ending.
template <class T, int K>
void one_case(dest_kind dk, const char* shape_name,
              const std::function<array_view<T, K>(const array_view<int, 1>&)>& shape, prior p,
              source_kind sk, call how, after a, const accelerator_view& dev,
              const accelerator_view& src_on) {
  const std::string where = std::string(name(dk)) + ", " + shape_name + ", " + name(p) + ", " +
                            name(sk) + ", " + name(how) + ", " + name(a);
  ++cases;
  const int before = amp_check::failures();
  // Which of the 96 elements the shape covers, in its row-major order.
  std::vector<int> probe(n);
  std::iota(probe.begin(), probe.end(), 0);
  const array_view<T, K> probed = shape(array_view<int, 1>(n, probe));
  std::vector<int> offsets;
  for_each_index(probed.extent, [&](const index<K>& i) { offsets.push_back(int(probed[i])); });

  destination d(dk, dev);
  array_view<int, 1> base = d.base;
  if (p == prior::kernel_read) {
    array<int, 1> sink(n, dev);
    array_view<int, 1> s(sink);
    array_view<const int, 1> ro(base);
    parallel_for_each(
        dev, base.extent, [=](index<1> i) restrict(amp) { s[i] = ro[i]; });
    dev.wait();
  } else if (p == prior::kernel_wrote) {
    parallel_for_each(
        dev, base.extent, [=](index<1> i) restrict(amp) { base[i] += 100000; });
  }
  copy_from<T, K>(sk, how, shape(base), src_on, where);

  std::vector<int> want(n);
  for (int i = 0; i < n; ++i) {
    // refresh(): the user's memory is the truth; kernels' writes not synchronized go.
    const bool kept =
        p == prior::kernel_wrote && !(a == after::refresh_synchronize && over_host_memory(dk));
    want[i] = base_value(i) + (kept ? kernel_added : 0);
  }
  for (std::size_t k = 0; k < offsets.size(); ++k) want[offsets[k]] = source_value(int(k));
  switch (a) {
    case after::refresh_synchronize:
      base.refresh();
      base.synchronize();
      break;
    case after::synchronize:
      base.synchronize();
      break;
    case after::discard_and_kernel:
      base.discard_data();
      parallel_for_each(
          dev, base.extent, [=](index<1> i) restrict(amp) { base[i] = 7 + i[0]; });
      base.synchronize();
      for (int i = 0; i < n; ++i) want[i] = 7 + i;
      break;
  }
  const std::vector<int> got = d.data();
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    if (got[i] != want[i] && ++wrong <= 3)
      std::fprintf(stderr, "    %s: element %d is %d, want %d\n", where.c_str(), i, got[i],
                   want[i]);
  }
  AMP_CHECK(wrong == 0);
  if (amp_check::failures() != before) ++failed_cases;
}

template <class T, int K>
void every_case(const char* shape_name,
                const std::function<array_view<T, K>(const array_view<int, 1>&)>& shape,
                const accelerator_view& dev, const accelerator_view& src_on) {
  for (dest_kind dk : {dest_kind::vector, dest_kind::pointer, dest_kind::array_none,
                       dest_kind::array_auto, dest_kind::no_source})
    for (prior p : {prior::untouched, prior::kernel_read, prior::kernel_wrote})
      for (source_kind sk : all_sources)
        for (call how : {call::copy, call::copy_async, call::copy_to})
          for (after a :
               {after::refresh_synchronize, after::synchronize, after::discard_and_kernel})
            one_case<T, K>(dk, shape_name, shape, p, sk, how, a, dev, src_on);
}

void matrix(const accelerator_view& dev, const accelerator_view& src_on) {
  every_case<int, 1>(
      "whole", [](const array_view<int, 1>& b) { return b; }, dev, src_on);
  every_case<int, 1>(
      "section(20, 30)", [](const array_view<int, 1>& b) { return b.section(20, 30); }, dev,
      src_on);
  every_case<int, 2>(
      "view_as(8, 12)", [](const array_view<int, 1>& b) { return b.view_as(extent<2>(8, 12)); },
      dev, src_on);
  every_case<int, 2>(
      "rows 2-4 of view_as(8, 12)",
      [](const array_view<int, 1>& b) {
        return b.view_as(extent<2>(8, 12)).section(index<2>(2, 0), extent<2>(3, 12));
      },
      dev, src_on);
  every_case<int, 2>(
      "strided section (1, 3) 4x5",
      [](const array_view<int, 1>& b) {
        return b.view_as(extent<2>(8, 12)).section(index<2>(1, 3), extent<2>(4, 5));
      },
      dev, src_on);
  every_case<int, 1>(
      "projection [5] of view_as(8, 12)",
      [](const array_view<int, 1>& b) { return b.view_as(extent<2>(8, 12))[5]; }, dev, src_on);
  every_case<unsigned, 1>(
      "reinterpret_as<unsigned>, section(10, 40)",
      [](const array_view<int, 1>& b) { return b.reinterpret_as<unsigned>().section(10, 40); }, dev,
      src_on);
  every_case<int, 3>(
      "strided section of view_as(4, 4, 6)",
      [](const array_view<int, 1>& b) {
        return b.view_as(extent<3>(4, 4, 6)).section(index<3>(1, 1, 2), extent<3>(2, 2, 3));
      },
      dev, src_on);
}

// The reproduction from a BLAS written for Visual C++: a kernel reads x through a view
// over host memory, a workspace is copied into a section of that view, then
// refresh() (the host memory changed outside the view: it is the truth).
void blas_copy_into_section_then_refresh(const accelerator_view& dev) {
  std::vector<float> x(16, 1.0f);
  array_view<float, 1> xv(16, x);
  array<float, 1> w(8, dev);
  array_view<float, 1> wv(w);
  parallel_for_each(
      dev, wv.extent, [=](index<1> i) restrict(amp) { wv[i] = xv[i] + 1.0f; });
  copy(wv, xv.section(4, 8));
  xv.refresh();
  xv.synchronize();
  for (int i = 0; i < 16; ++i) AMP_CHECK_EQ(x[i], (i >= 4 && i < 12) ? 2.0f : 1.0f);
  // The whole view, by copy_to.
  parallel_for_each(
      dev, wv.extent, [=](index<1> i) restrict(amp) { wv[i] = xv[i] * 10.0f; });
  array_view<float, 1> head = xv.section(0, 8);
  wv.copy_to(head);
  xv.refresh();
  xv.synchronize();
  for (int i = 0; i < 8; ++i) AMP_CHECK_EQ(x[i], (i >= 4) ? 20.0f : 10.0f);
}

// Into an array itself (its data source is its own memory): after a kernel wrote it,
// from every kind of source.
void into_arrays(const accelerator_view& dev, const accelerator_view& src_on) {
  std::vector<int> init(n), values(n);
  for (int i = 0; i < n; ++i) {
    init[i] = base_value(i);
    values[i] = source_value(i);
  }
  for (int form = 0; form < 6; ++form) {
    array<int, 1> a(n, init.begin(), init.end(), dev,
                    form % 2 ? access_type_none : access_type_auto);
    parallel_for_each(
        dev, a.extent, [&a](index<1> i) restrict(amp) { a[i] += 100000; });
    array<int, 1> src(n, values.begin(), values.end(), src_on, access_type_none);
    std::vector<int> host(n, source_old);
    array_view<int, 1> hv(n, host);
    parallel_for_each(
        src_on, hv.extent, [=](index<1> i) restrict(amp) { hv[i] = 5000 + i[0]; });
    switch (form / 2) {
      case 0:
        copy(src, a);
        break;
      case 1:
        copy(hv, a);
        break;
      case 2:
        copy(values.begin(), values.end(), a);
        break;
    }
    AMP_CHECK_EQ(host[0], source_old);  // the source view's data source, until synchronize()
    std::vector<int> got(n, poison);
    copy(a, got.begin());
    AMP_CHECK(got == values);
  }
}

}  // namespace

int main() {
  std::vector<accelerator_view> devices;
  for (const accelerator& acc : accelerator::get_all())
    if (acc.device_path != accelerator::cpu_accelerator) devices.push_back(acc.default_view);
  const accelerator_view dev = accelerator().default_view;
  accelerator_view other = dev;
  for (const accelerator_view& v : devices)
    if (v.accelerator != dev.accelerator) other = v;
  if (std::getenv("AMPCL_TEST_TWO_DEVICES") && other == dev) {
    std::fprintf(stderr, "copy_semantics_test: AMPCL_TEST_TWO_DEVICES is set, one accelerator\n");
    return 1;
  }
  blas_copy_into_section_then_refresh(dev);
  into_arrays(dev, other);
  matrix(dev, other);
  std::printf("copy_semantics_test: %d cases (%s), %d failed\n", cases,
              other == dev ? "one accelerator" : "sources on a second accelerator", failed_cases);
  return amp_check::finish("copy_semantics_test");
}
