// A recursive tiled scan as the C++ AMP book writes it (Extras/Scan/ScanTiled.h):
// std::vector data behind array_views, a tile-wise scan that leaves each tile's
// sum in an array, the same function scanning those sums, then the sums added
// back. Each level's input is the array of sums the kernel before it is still
// writing when it is enqueued (arrays are zero-copy on PoCL, so no page guard
// covers them: the checker compares their bytes at launch and at completion).
//
// Race-free: ampcl-racecheck must find nothing. Built with -DRACY_TWIN, the host
// writes level 0's tile sums through a pointer while the level-1 kernel that
// reads them runs: that must be reported as a host-device race on 'input'.
#include <amp.h>

#include <cstdio>
#include <vector>

using namespace concurrency;

static const int kInclusive = 0;
static const int kExclusive = 1;

static int* g_level_zero_sums = nullptr;  // RACY_TWIN: the host's pointer into them

void SwitchIndices(int& a, int& b) restrict(amp, cpu) {
  a = 1 - a;
  b = 1 - b;
}

template <int TileSize, int Mode, typename T>
void ComputeTilewiseScan(array_view<const T> input, array_view<T> tilewiseOutput,
                         array_view<T> tileSums, int rounds) {
  const int elementCount = input.extent[0];
  const int tileCount = (elementCount + TileSize - 1) / TileSize;
  tilewiseOutput.discard_data();
  parallel_for_each(extent<1>(tileCount * TileSize).tile<TileSize>(),
                    [=](tiled_index<TileSize> tidx) restrict(amp) {
    const int tid = tidx.local[0];
    const int gid = tidx.global[0];
    tile_static T tileData[2][TileSize];
    int inIdx = 0;
    int outIdx = 1;
    for (int r = 0; r < rounds; ++r) {  // rounds > 1: the same scan again, slower
      inIdx = 0;
      outIdx = 1;
      if (gid < elementCount)
        tileData[outIdx][tid] = tid >= 1 ? input[gid - 1] + input[gid] : input[gid];
      tidx.barrier.wait_with_tile_static_memory_fence();
      for (int offset = 2; offset < TileSize; offset *= 2) {
        SwitchIndices(inIdx, outIdx);
        if (gid < elementCount)
          tileData[outIdx][tid] = tid >= offset
                                      ? tileData[inIdx][tid - offset] + tileData[inIdx][tid]
                                      : tileData[inIdx][tid];
        tidx.barrier.wait_with_tile_static_memory_fence();
      }
    }
    if (gid < elementCount) {
      if (Mode == kInclusive)
        tilewiseOutput[gid] = tileData[outIdx][tid];
      else
        tilewiseOutput[gid] = tid == 0 ? T(0) : tileData[outIdx][tid - 1];
    }
    if (tid == TileSize - 1)
      tileSums[tidx.tile[0]] = gid < elementCount ? tileData[outIdx][tid] : T(0);
  });
}

template <int TileSize, int Mode, typename T>
void ScanTiled(array_view<T, 1> input, array_view<T, 1> output, int level) {
  const int elementCount = input.extent[0];
  const int tileCount = (elementCount + TileSize - 1) / TileSize;
  array<T> tileSums(tileCount);
#ifdef RACY_TWIN
  if (level == 0) g_level_zero_sums = tileSums.data();
  const int rounds = level == 1 ? 400 : 1;
#else
  const int rounds = 1;
#endif
  ComputeTilewiseScan<TileSize, Mode>(array_view<const T>(input), array_view<T>(output),
                                      array_view<T>(tileSums), rounds);
#ifdef RACY_TWIN
  if (level == 1) g_level_zero_sums[0] += 1000;  // while the kernel reads them
#endif
  if (tileCount > 1) {
    array<T> tmp(tileSums.extent);
    ScanTiled<TileSize, kExclusive>(array_view<T>(tileSums), array_view<T>(tmp), level + 1);
    parallel_for_each(extent<1>(elementCount), [=, &tmp](index<1> idx) restrict(amp) {
      output[idx] += tmp[idx[0] / TileSize];
    });
  }
}

template <int TileSize>
bool run(int n) {
  std::vector<int> in(n, 1), out(n, 0);
  array_view<int, 1> a(n, in);
  array_view<int, 1> b(n, out);
  ScanTiled<TileSize, kInclusive>(a, b, 0);
  b.synchronize();
  for (int i = 0; i < n; ++i)
    if (out[i] != i + 1) {
      std::printf("n=%d: out[%d] = %d, expected %d\n", n, i, out[i], i + 1);
      return false;
    }
  std::printf("n=%d: ok\n", n);
  return true;
}

int main() {
#ifdef RACY_TWIN
  run<256>(131584);
  return 0;
#else
  // Three runs, as the sample's tests: 514, 1024 and 31 tile sums at level 1.
  bool ok = run<256>(131584);
  ok = run<64>(65536) && ok;
  ok = run<256>(7777) && ok;
  return ok ? 0 : 1;
#endif
}
