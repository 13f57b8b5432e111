// tile_static objects of class type (a value-and-index pair with its own
// restrict(cpu, amp) constructor, the usual reduction), as Visual C++ compiles
// them: accepted, and no constructor runs. A tiled arg-max, plain and in a
// template, checked against the host's; and a class whose default constructor is
// restrict(cpu) only (Bolt's tests' UDD in min_element): C++ AMP code never calls
// it, as no constructor of a tile_static object runs.
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

struct indexed {
  indexed() restrict(cpu, amp) : value(-1.0f), index(-1) {}
  indexed(float v, int i) restrict(cpu, amp) : value(v), index(i) {}
  float value;
  int index;
};

struct host_made {
  host_made() : value(0), index(0) {}
  explicit host_made(int v) : value(v), index(v + 1) {}
  int value;
  int index;
};

const int tile = 64;

// The index of each tile's largest element.
template <typename Pair>
void arg_max(array_view<const float, 1> in, array_view<int, 1> out) {
  parallel_for_each(
      in.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
        tile_static Pair best[tile];
        const int l = t.local[0];
        best[l] = Pair(in[t.global], t.global[0]);
        t.barrier.wait();
        for (int half = tile / 2; half > 0; half /= 2) {
          if (l < half && best[l + half].value > best[l].value) best[l] = best[l + half];
          t.barrier.wait();
        }
        if (l == 0) out[t.tile] = best[0].index;
      });
}

// Each tile's smallest element's position, copied in and compared in the tile.
template <typename T>
void tile_min(array_view<const T, 1> in, array_view<int, 1> out) {
  parallel_for_each(in.extent.template tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    tile_static T copies[tile];
    copies[t.local[0]] = in[t.global];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int best = 0;
      for (int i = 1; i < tile; ++i)
        if (copies[i].value < copies[best].value) best = i;
      out[t.tile] = t.tile[0] * tile + best;
    }
  });
}

int main() {
  const int tiles = 16, n = tiles * tile;
  std::vector<float> data(n);
  for (int i = 0; i < n; ++i) data[i] = float((i * 7919) % 1021);
  std::vector<int> got(tiles, -7), got_host_made(tiles, -7), plain(n, -7);  // poison
  array_view<const float, 1> in(n, data);
  array_view<int, 1> out(tiles, got), out_host_made(tiles, got_host_made), mirror(n, plain);
  arg_max<indexed>(in, out);
  std::vector<host_made> made;
  for (int i = 0; i < n; ++i) made.emplace_back(-int(data[i]));
  tile_min<host_made>(array_view<const host_made, 1>(n, made), out_host_made);
  // Not in a template, and in a nested block.
  parallel_for_each(in.extent.tile<tile>(), [=](tiled_index<tile> t) restrict(amp) {
    {
      tile_static indexed slot[tile];
      slot[t.local[0]] = indexed(in[t.global], t.global[0]);
      t.barrier.wait();
      mirror[t.global] = slot[tile - 1 - t.local[0]].index;
}
});
out.synchronize();
out_host_made.synchronize();
mirror.synchronize();
int bad = 0;
for (int b = 0; b < tiles; ++b) {
  int best = b * tile;
  for (int i = b * tile; i < (b + 1) * tile; ++i)
    if (data[i] > data[best]) best = i;
  if (got[b] != best || got_host_made[b] != best) ++bad;
}
for (int i = 0; i < n; ++i)
  if (plain[i] != (i / tile) * tile + tile - 1 - i % tile) ++bad;
std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
return bad ? 1 : 0;
}
