// "Using Tiles", tile synchronization: the average of each SAMPLESIZE x SAMPLESIZE
// tile of an 8x8 matrix holding 0..63, through a tile_static array and a barrier.
//
// Built four times (examples/CMakeLists.txt): SAMPLESIZE 2 and 4, each with
// t_idx.barrier.wait() and, as in the document's "Memory fences" section, with
// t_idx.barrier.wait_with_tile_static_memory_fence()
// (-DUSE_TILE_STATIC_MEMORY_FENCE).
//
// Output for SAMPLESIZE = 2:     Output for SAMPLESIZE = 4:
//   4.5  6.5  8.5 10.5             13.5 17.5
//  20.5 22.5 24.5 26.5             45.5 49.5
//  36.5 38.5 40.5 42.5
//  52.5 54.5 56.5 58.5
// (the program prints each value followed by one space, as the document's code does).
#include <ampcl/ampcl.hpp>
#include <iostream>
#include <vector>

#include "example_kernels.hpp"

using namespace ampcl;

#ifndef SAMPLESIZE
#define SAMPLESIZE 2
#endif
#define MATRIXSIZE 8

#ifdef USE_TILE_STATIC_MEMORY_FENCE
static const char* const kSamplingKernel = "sampling_average_tile_static_fence";
#else
static const char* const kSamplingKernel = "sampling_average";
#endif

void SamplingExample() {
  // Create data and array_view for the matrix.
  std::vector<float> rawData;
  for (int i = 0; i < MATRIXSIZE * MATRIXSIZE; i++) {
    rawData.push_back((float)i);
  }
  extent<2> dataExtent(MATRIXSIZE, MATRIXSIZE);
  array_view<float, 2> matrix(dataExtent, rawData);

  // Create the array for the averages.
  // There is one element in the output for each tile in the data.
  std::vector<float> outputData;
  int outputSize = MATRIXSIZE / SAMPLESIZE;
  for (int j = 0; j < outputSize * outputSize; j++) {
    outputData.push_back((float)0);
  }
  extent<2> outputExtent(MATRIXSIZE / SAMPLESIZE, MATRIXSIZE / SAMPLESIZE);
  array<float, 2> averages(outputExtent, outputData.begin(), outputData.end());

  // Use tiles that are SAMPLESIZE x SAMPLESIZE.
  // Find the average of the values in each tile.
  // The lambda [=, &averages](tiled_index<SAMPLESIZE, SAMPLESIZE> t_idx) restrict(amp)
  // is the kernel in kernels/sampling_example.cl; SAMPLESIZE reaches it as a
  // compile-time definition, so its tile_static array has the same size.
  const kernel sampling =
      kernel::from_file(ampcl_examples::kernel_path("sampling_example.cl"), kSamplingKernel)
          .define("SAMPLESIZE", SAMPLESIZE);
  parallel_for_each(matrix.get_extent().tile<SAMPLESIZE, SAMPLESIZE>(), sampling, matrix, averages);

  // Print out the results.
  // You cannot access the values in averages directly. You must copy them
  // back to a CPU variable.
  outputData = averages;
  for (int row = 0; row < outputSize; row++) {
    for (int col = 0; col < outputSize; col++) {
      std::cout << outputData[row * outputSize + col] << " ";
    }
    std::cout << "\n";
  }
}

int main() {
  SamplingExample();
}
