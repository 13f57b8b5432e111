// The race-check benchmark's tile average in CUDA (bench/racecheck/kernels/
// tile_average.cl, the documents' SamplingExample): each 4 x 4 tile of an n x n
// matrix is loaded into shared memory and averaged by the tile's first thread.
// Launched as bench_racecheck.sh launches the OpenCL one: n x n threads in 4 x 4
// blocks, matrix(i) = i, averages = 0 (make_sims.sh's inputs). See bench_main.cuh.
#include "bench_main.cuh"

__global__ void tile_average(const float* matrix, float* averages, int n) {
  __shared__ float tile_values[4][4];
  const int ly = threadIdx.y, lx = threadIdx.x;
  const int row = blockIdx.y * 4 + ly, col = blockIdx.x * 4 + lx;
  tile_values[ly][lx] = matrix[row * n + col];
  __syncthreads();
  if (ly == 0 && lx == 0) {
    float sum = 0.0f;
    for (int r = 0; r < 4; r++)
      for (int c = 0; c < 4; c++) sum += tile_values[r][c];
    averages[blockIdx.y * (n / 4) + blockIdx.x] = sum / 16.0f;
  }
}

int main(int argc, char** argv) {
  int n, repeat, warmup;
  parse_args(argc, argv, 4, n, repeat, warmup);
  const std::size_t count = std::size_t(n) * n, tiles = count / 16;
  const std::vector<float> matrix = range_floats(count);
  float *dm, *davg;
  CUDA_CHECK(cudaMalloc(&dm, count * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&davg, tiles * sizeof(float)));
  CUDA_CHECK(cudaMemcpy(dm, matrix.data(), count * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(davg, 0, tiles * sizeof(float)));
  const dim3 grid(n / 4, n / 4), block(4, 4);
  auto launch = [&](cudaFuncAttributes* load_only) {
    if (load_only) {
      CUDA_CHECK(cudaFuncGetAttributes(load_only, tile_average));
      return;
    }
    tile_average<<<grid, block>>>(dm, davg, n);
  };
  // Every tile: 16 additions each, against the double sum.
  auto check = [&] {
    std::vector<float> avg(tiles);
    CUDA_CHECK(cudaMemcpy(avg.data(), davg, tiles * sizeof(float), cudaMemcpyDeviceToHost));
    check_result r;
    const int per_row = n / 4;
    for (std::size_t t = 0; t < tiles; ++t) {
      const std::size_t tr = t / per_row, tc = t % per_row;
      double sum = 0;
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x) sum += matrix[(tr * 4 + y) * n + tc * 4 + x];
      // The sum's rounding, then the division by 16 (exact: a power of two).
      r.add(t, avg[t], sum / 16, summation_tolerance(16, sum) / 16);
    }
    return r;
  };
  const int rc = run_bench("tile_average", n, repeat, warmup, grid, block, launch, check);
  CUDA_CHECK(cudaFree(dm));
  CUDA_CHECK(cudaFree(davg));
  return rc;
}
