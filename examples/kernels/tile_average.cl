#include <ampcl.clh>

// The tile-averaging lambda, [=](tiled_index<2,2> idx) restrict(amp).
__kernel void tile_average(AMPCL_VIEW(const int, sample), AMPCL_VIEW(int, average)) {
  tiled_index2 idx = amp_tiled_index2();
  // Create a 2 x 2 array to hold the values in this tile.
  tile_static int nums[2][2];
  // Copy the values for the tile into the 2 x 2 array. (The document indexes
  // nums[local[1]][local[0]], transposed; the sum below does not care.)
  nums[idx.local_[1]][idx.local_[0]] = AV2_AT(sample, idx.global_);
  // When all the threads have executed and the 2 x 2 array is complete, find the average.
  tile_barrier_wait();
  int sum = nums[0][0] + nums[0][1] + nums[1][0] + nums[1][1];
  // Copy the average into the array_view.
  AV2_AT(average, idx.global_) = sum / 4;
}
