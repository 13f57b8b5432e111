#include <ampcl.clh>

/* out = transpose(in) for rank-2 views (include/ampcl/transpose.hpp), sections
 * included. A TILE x TILE block goes through tile_static memory so that both the
 * read of `in` and the write of `out` are row-contiguous (coalesced); the +1
 * column keeps the transposed read free of bank conflicts. Work-groups are TILE
 * x ROWS (OpenCL order), each work-item moving TILE / ROWS elements. */
#ifndef T
#define T float
#endif
#ifndef TILE
#define TILE 32
#endif
#ifndef ROWS
#define ROWS 8
#endif

__kernel void transpose_tiled(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  __local T block[TILE][TILE + 1];
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int lx = (int)get_local_id(0), ly = (int)get_local_id(1);
  const int col0 = (int)get_group_id(0) * TILE, row0 = (int)get_group_id(1) * TILE;
  int c = col0 + lx;
  for (int r = ly; r < TILE; r += ROWS)
    if (row0 + r < rows && c < cols) block[r][lx] = AV2(in, row0 + r, c);
  barrier(CLK_LOCAL_MEM_FENCE);
  /* out has extent (cols, rows): its row index is in's column. */
  c = row0 + lx;
  for (int r = ly; r < TILE; r += ROWS)
    if (col0 + r < cols && c < rows) AV2(out, col0 + r, c) = block[lx][r];
}

/* CPUs (PoCL): one work-item per TILE x TILE block, no tile_static memory or
 * barrier; the block's rows and columns stay in L1. Global size is the number of
 * blocks (OpenCL order: column blocks, row blocks). */
__kernel void transpose_blocks(AMPCL_VIEW(const T, in), AMPCL_VIEW(T, out)) {
  const int rows = in_view.extent[0], cols = in_view.extent[1];
  const int col0 = (int)get_global_id(0) * TILE, row0 = (int)get_global_id(1) * TILE;
  const int rend = min(row0 + TILE, rows), cend = min(col0 + TILE, cols);
  for (int c = col0; c < cend; ++c)
    for (int r = row0; r < rend; ++r) AV2(out, c, r) = AV2(in, r, c);
}
