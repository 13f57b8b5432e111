// The race-check benchmark's tiled SGEMM in CUDA (bench/racecheck/kernels/
// sgemm_tiled.cl): C = A * B, n x n row-major, 16 x 16 tiles of A and B through
// shared memory, two __syncthreads per K step. Launched as bench_racecheck.sh
// launches the OpenCL one: n x n threads in 16 x 16 blocks (x: columns, y: rows),
// A(i) = i, B = 1, C = 0 (make_sims.sh's inputs). See bench_main.cuh for the output.
#include "bench_main.cuh"

__global__ void sgemm_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float as[16][16];
  __shared__ float bs[16][16];
  const int ty = threadIdx.y, tx = threadIdx.x;
  const int row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
  float sum = 0.0f;
  for (int k0 = 0; k0 < n; k0 += 16) {
    as[ty][tx] = a[row * n + k0 + tx];
    bs[ty][tx] = b[(k0 + ty) * n + col];
    __syncthreads();
    for (int k = 0; k < 16; ++k) sum += as[ty][k] * bs[k][tx];
    __syncthreads();
  }
  c[row * n + col] = sum;
}

int main(int argc, char** argv) {
  int n, repeat, warmup;
  parse_args(argc, argv, 16, n, repeat, warmup);
  const std::size_t count = std::size_t(n) * n, bytes = count * sizeof(float);
  const std::vector<float> a = range_floats(count), b(count, 1.0f);
  float *da, *db, *dc;
  CUDA_CHECK(cudaMalloc(&da, bytes));
  CUDA_CHECK(cudaMalloc(&db, bytes));
  CUDA_CHECK(cudaMalloc(&dc, bytes));
  CUDA_CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(dc, 0, bytes));
  const dim3 grid(n / 16, n / 16), block(16, 16);
  auto launch = [&](cudaFuncAttributes* load_only) {
    if (load_only) {
      CUDA_CHECK(cudaFuncGetAttributes(load_only, sgemm_tiled));
      return;
    }
    sgemm_tiled<<<grid, block>>>(da, db, dc, n);
  };
  // Every element up to n = 512; beyond, 64 rows by 64 columns spread over C
  // (the reference is n multiply-adds per element).
  auto check = [&] {
    std::vector<float> c(count);
    CUDA_CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
    std::vector<int> lines;
    if (n <= 512) {
      for (int i = 0; i < n; ++i) lines.push_back(i);
    } else {
      for (int i = 0; i < 64; ++i) lines.push_back(int((long(i) * (n - 1)) / 63));
    }
    check_result r;
    for (int row : lines)
      for (int col : lines) {
        double want = 0, magnitude = 0;
        for (int k = 0; k < n; ++k) {
          const double t = double(a[std::size_t(row) * n + k]) * b[std::size_t(k) * n + col];
          want += t;
          magnitude += std::fabs(t);
        }
        const std::size_t i = std::size_t(row) * n + col;
        r.add(i, c[i], want, summation_tolerance(n, magnitude));
      }
    return r;
  };
  const int rc = run_bench("sgemm_tiled", n, repeat, warmup, grid, block, launch, check);
  CUDA_CHECK(cudaFree(da));
  CUDA_CHECK(cudaFree(db));
  CUDA_CHECK(cudaFree(dc));
  return rc;
}
