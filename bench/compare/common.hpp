// Shared pieces of the comparison runner: results, timing, raw OpenCL helpers.
#pragma once

#include <ampcl/ampcl.hpp>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace bench {

// One measured number. `impl` is ampcl, raw, clblast or torch; `size` the problem
// size in elements (matrix N*N for gemm), 0 when it has none.
struct row {
  std::string device, figure, impl;
  double size = 0;
  double value = 0;
  std::string unit;   // TB/s, TFLOP/s, us, ms, GB/s
  std::string check;  // "ok", "sampled ok", "FAIL ...", "-" (nothing to check)
};

struct options {
  std::string device_filter;
  std::string out_dir = "bench-results";
  std::string torch_json;
  std::string self;   // argv[0], for child-process probes
  int max_log2 = 30;  // largest bandwidth size, 2^max_log2 elements
  int gemm_min = 256, gemm_max = 8192;
  bool gemm_ampcl_only = false;  // tuning runs: skip documents and CLBlast
  // Tilings for the transpose suite (AMPCL_TRANSPOSE_PARAMS values), ';'-separated.
  std::string transpose_variants = "32,8,1;32,8,4;32,32,4;64,8,4;64,16,4";
  int transfer_mib = 256;     // size of the transfer suite's copies
  double min_batch_s = 0.05;  // wall time per timed batch
  bool quick = false;
};

struct context {
  const options* opt;
  ampcl::accelerator acc;
  ampcl::accelerator_view view;
  cl_command_queue raw_queue;  // a second in-order queue for the raw baselines
  std::string device;          // short name for tables
  bool is_cpu;
  std::vector<row>* rows;
  void add(const std::string& figure, const std::string& impl, double size, double value,
           const std::string& unit, const std::string& check);
};

// Seconds per call of `fn` (which enqueues work), `sync` waits for it: warm-up, then
// three batches sized to min_batch_s, best batch (time_interleaved of one variant).
double time_per_call(const options& opt, const std::function<void()>& fn,
                     const std::function<void()>& sync);

// One variant of an operation for time_interleaved: `fn` enqueues one call, `sync`
// waits for what was enqueued.
struct variant {
  std::function<void()> fn;
  std::function<void()> sync;
};

// Seconds per call of each variant, timed in alternating batches (A B C, then
// B C A, ...) and each variant's best batch kept: clock and load drift during the
// run reaches every variant alike, so their ratios are not skewed by which ran
// first. For figures a few percent apart, like launch overheads.
std::vector<double> time_interleaved(const options& opt, const std::vector<variant>& variants,
                                     int rounds = 12);

// Raw OpenCL: build a program from source for the context's device; throw when
// clBuildProgram fails (its return code decides: NVIDIA logs warnings on success).
// `log`, when given, receives the build log.
cl_program build_raw(const context& c, const std::string& source, const std::string& options = "",
                     std::string* log = nullptr);
cl_kernel raw_kernel(cl_program p, const char* name);
cl_mem raw_buffer(const context& c, std::size_t bytes, cl_mem_flags flags = CL_MEM_READ_WRITE);
void check_cl(cl_int err, const char* what);

// Data: uniform in [-1, 1) without zeros, fast (splitmix64), deterministic.
void fill_random(std::vector<float>& v, std::uint64_t seed);
constexpr float poison = -1.2345e30f;
void poison_buffer(cl_command_queue q, cl_mem buf, std::size_t bytes);

// Compares `got` with `want` (float64) within rel/abs tolerance; "ok" or "FAIL ...".
std::string compare(const std::vector<float>& got, const std::vector<double>& want, double tol);

std::string fmt(double v, int prec = 3);

// Suites: each adds rows for one device.
void run_bandwidth(context& c);
void run_gemm(context& c);
void run_launch(context& c);
void run_build(context& c, int device_index);
void run_transfer(context& c);
// transpose / copy at the largest square sizes, for each --transpose-variants tiling.
void run_transpose_variants(context& c);
// Child-process probes of the build suite: ampcl's first launch of its SGEMM, and
// raw OpenCL's from a binary file; each prints "name milliseconds" lines.
int probe_build(int device_index);
int probe_raw_load(int platform, int device, const std::string& path, const std::size_t* global,
                   const std::size_t* local, const std::string& options);

}  // namespace bench
