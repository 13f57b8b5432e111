// The TilingDescription example's element type, shared by the program and its
// test. Its layout matches the OpenCL C struct in kernels/tiling_description.cl.
#pragma once

// tileRow and tileColumn specify the tile that each thread is in.
// globalRow and globalColumn specify the location of the thread in the array_view.
// localRow and localColumn specify the location of the thread relative to the tile.
struct Description {
  int value;
  int tileRow;
  int tileColumn;
  int globalRow;
  int globalColumn;
  int localRow;
  int localColumn;
};
