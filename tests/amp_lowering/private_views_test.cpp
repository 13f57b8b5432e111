// array_views made in kernels over private and tile_static memory: one view
// struct per memory, inferred from what each view is made from; copies,
// assignments, sections and projections keep it; helpers taking views are cloned
// per memory; an object holding a view has its memory too, so one type holds a
// captured (global) view and a private one in the same kernel; atomics through a
// view of private memory; aggregates holding views, brace-initialized, of either memory.
#include "check.h"

using namespace concurrency;

template <int N>
struct holder {
  holder(const array_view<int, N>& v) restrict(amp) : tag(1), view(v) {}
  holder(const extent<N>& e, int* p) restrict(amp) : tag(2), view(e, p) {}
  int tag;
  array_view<int, N> view;
};

// An aggregate with a view: its memory is the object's, as with a constructor.
struct plain {
  array_view<int, 1> view;
  int add;
};

// Counts its destructions in a second view, of the same memory (temporaries
// holding views are destroyed at the end of their full expression).
struct counted {
  counted(const array_view<int, 1>& v, const array_view<int, 1>& n) restrict(amp)
      : view(v), count(n) {}
  ~counted() restrict(amp) { count[0] += 1; }
  array_view<int, 1> view;
  array_view<int, 1> count;
};
counted make_counted(const array_view<int, 1>& v, const array_view<int, 1>& n) restrict(amp) {
  return counted(v, n);
}

// Cloned for each memory its view is in.
int total(const array_view<int, 1>& v) restrict(amp) {
  int s = 0;
  for (int i = 0; i < v.extent[0]; ++i) s += v[i];
  return s;
}
int first(holder<1>* h) restrict(amp) {
  return h->view[0] * h->tag;
}

int main() {
  const int n = 64;
  std::vector<int> in(n);
  for (int i = 0; i < n; ++i) in[i] = 3 * i + 1;
  array_view<const int, 1> src(n, in);
  std::vector<int> out(n * 7, poison);
  array_view<int, 2> res(n, 7, out);
  std::vector<int> fives(n, 5);
  array_view<int, 1> scratch(n, fives);
  parallel_for_each(
      extent<1>(n).tile<16>(), [=](tiled_index<16> t) restrict(amp) {
        const int g = t.global[0];
        // A private array seen as a 2-D view; a projection and a section of it.
        int cells[2][3] = {{g, 1, 2}, {3, 4, 5}};
        array_view<int, 2> m(2, 3, &cells[0][0]);
        m(1, 2) += src[g];
        array_view<int, 1> row = m[1];
        array_view<int, 2> corner = m.section(index<2>(1, 1), extent<2>(1, 2));
        res(g, 0) = total(row) + corner(0, 1) * 100;
        // A tile_static array through a view.
        tile_static int shared[16];
        array_view<int, 1> tile_view(16, shared);
        tile_view[t.local[0]] = g;
        t.barrier.wait();
        res(g, 1) = total(tile_view) + tile_view[15 - t.local[0]];
        // One struct type, its view global in one object and private in another;
        // a copy and an assignment keep each one's memory.
        int mine[4] = {g, g + 1, g + 2, g + 3};
        holder<1> global_one(scratch);
        holder<1> private_one(extent<1>(4), mine);
        holder<1> private_copy = private_one;
        array_view<int, 1> again(4, mine);
        again = private_copy.view.section(1, 3);
        res(g, 2) = first(&global_one) + first(&private_copy) * 10 + again[0] * 1000;
        // Atomics through a view of private memory (no other work-item sees it).
        int counter[1] = {g};
        array_view<int, 1> cv(1, counter);
        const int before = atomic_fetch_add(&cv[0], 7);
        atomic_fetch_max(&cv[0], 2 * g);
        res(g, 3) = before * 1000 + cv[0];
        // A view of a private struct's member array, read through a pointer to it.
        int* p = &mine[2];
        array_view<int, 1> tail(2, p);
        res(g, 4) = tail[1] + total(tail) * 10;
        int destroyed[1] = {0};
        array_view<int, 1> kept = make_counted(again, array_view<int, 1>(1, destroyed)).view;
        res(g, 5) = global_one.view.extent[0] + private_one.view.extent[0] + destroyed[0] * 100 +
                    kept[0] * 1000;
        plain from_global{scratch, 2};
        plain from_private = {array_view<int, 1>(4, mine), 3};
        res(g, 6) = from_global.view[g] + from_global.add + from_private.view[1] * 10 +
                    from_private.add * 100;
      });
  for (int g = 0; g < n; ++g) {
    const int last = 5 + in[g];
    CHECK_EQ(res(g, 0), 3 + 4 + last + last * 100);
    const int base = g / 16 * 16;
    CHECK_EQ(res(g, 1), 16 * base + 120 + base + 15 - g % 16);
    CHECK_EQ(res(g, 2), 5 + 2 * g * 10 + (g + 1) * 1000);
    const int after = g + 7 > 2 * g ? g + 7 : 2 * g;
    CHECK_EQ(res(g, 3), g * 1000 + after);
    CHECK_EQ(res(g, 4), g + 3 + (2 * g + 5) * 10);
    CHECK_EQ(res(g, 5), n + 4 + 100 + (g + 1) * 1000);
    CHECK_EQ(res(g, 6), 5 + 2 + (g + 1) * 10 + 300);
  }
  return report("amp_lowering.private_views");
}
