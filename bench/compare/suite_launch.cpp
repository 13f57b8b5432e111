// Launch cost of an empty kernel with 1, 4, 8 and 16 buffer arguments: ampcl's
// parallel_for_each (cached kernel, resident arrays) against clSetKernelArg +
// clEnqueueNDRangeKernel, as throughput (back-to-back, the median of several
// interleaved runs) and synchronous latency.
#include <algorithm>
#include <memory>

#include "baseline_kernels.hpp"
#include "common.hpp"
#include "programs/program_cache.hpp"

#include <ampcl/detail/build_options.hpp>

namespace bench {

namespace {

// Eleven: on an H100 the raw launch alone moved by up to 20% between runs of one
// process, and with five runs a single run's drift still moved the median ratio
// past 1.03 in one arity out of four (the other three within 1-2%).
constexpr int launch_runs = 11;

using ampcl::array;
using ampcl::extent;

template <std::size_t... I>
void pfe_with(const ampcl::accelerator_view& v, const ampcl::kernel& k,
              const std::vector<std::unique_ptr<array<float, 1>>>& arrays,
              std::index_sequence<I...>) {
  ampcl::parallel_for_each(v, extent<1>(256), k, *arrays[I]...);
}

template <std::size_t N>
void one_count(context& c, cl_program raw, cl_program raw_ampcl_options) {
  const std::string name = "empty" + std::to_string(N);
  std::vector<std::unique_ptr<array<float, 1>>> arrays;
  std::vector<cl_mem> mems;
  for (std::size_t i = 0; i < N; ++i) {
    arrays.push_back(std::make_unique<array<float, 1>>(extent<1>(256), c.view));
    mems.push_back(raw_buffer(c, 256 * sizeof(float)));
  }
  cl_kernel k = raw_kernel(raw, name.c_str());
  // Diagnostic: the raw launch of a build with ampcl's options, to tell the
  // driver's share of any gap (its enqueue of that binary) from ampcl's host work.
  cl_kernel k_opts = raw_kernel(raw_ampcl_options, name.c_str());
  const std::size_t g = 256;
  auto raw_launch = [&] {
    for (cl_uint i = 0; i < N; ++i) clSetKernelArg(k, i, sizeof(cl_mem), &mems[i]);
    clEnqueueNDRangeKernel(c.raw_queue, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
  };
  auto raw_options_launch = [&] {
    for (cl_uint i = 0; i < N; ++i) clSetKernelArg(k_opts, i, sizeof(cl_mem), &mems[i]);
    clEnqueueNDRangeKernel(c.raw_queue, k_opts, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
  };
  // The same OpenCL C through ampcl (plain __global pointers bind whole arrays).
  const ampcl::kernel ak = ampcl::kernel::from_source(raw_kernels_source, name);
  auto ampcl_launch = [&] { pfe_with(c.view, ak, arrays, std::make_index_sequence<N>()); };
  // What ampcl does when the arrays are unchanged: the arguments stay set.
  auto raw_enqueue_only = [&] {
    clEnqueueNDRangeKernel(c.raw_queue, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
  };
  // Diagnostic: the same raw enqueue on ampcl's own queue, to tell the queue's
  // share of any gap from ampcl's host work.
  cl_command_queue ampcl_queue = c.view.queue();
  auto raw_on_ampcl_queue = [&] {
    clEnqueueNDRangeKernel(ampcl_queue, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
  };
  auto raw_sync = [&] { clFinish(c.raw_queue); };
  auto sync = [&] { c.view.wait(); };
  auto nothing = [] {};
  const double args = static_cast<double>(N);
  raw_launch();  // the arguments raw_enqueue_only leaves as they are
  // Interleaved: ratios of a few percent drown in drift when one side runs first.
  // Several runs, each its own interleaved measurement: the figures are medians,
  // and the ratio row is the median of the runs' ratios, with their spread.
  std::vector<std::vector<double>> runs;
  for (int run = 0; run < launch_runs; ++run)
    runs.push_back(time_interleaved(*c.opt, {{raw_launch, raw_sync},
                                             {raw_enqueue_only, raw_sync},
                                             {raw_on_ampcl_queue, sync},
                                             {ampcl_launch, sync},
                                             {raw_options_launch, raw_sync}}));
  const auto median_of = [&](auto value) {
    std::vector<double> v;
    for (const auto& r : runs) v.push_back(value(r));
    std::sort(v.begin(), v.end());
    return std::make_pair(v[v.size() / 2], std::make_pair(v.front(), v.back()));
  };
  const char* impls[] = {"raw", "raw_args_set_once", "raw_on_ampcl_queue", "ampcl",
                         "raw_ampcl_options"};
  for (std::size_t i = 0; i < 5; ++i)
    c.add("launch_throughput", impls[i], args,
          median_of([&](const std::vector<double>& r) { return r[i]; }).first * 1e6, "us", "-");
  const auto ratio = median_of([](const std::vector<double>& r) { return r[3] / r[0]; });
  c.add("launch_throughput_ratio", "ampcl", args, ratio.first, "x",
        "median of " + std::to_string(launch_runs) + " runs, " + fmt(ratio.second.first) + ".." +
            fmt(ratio.second.second));
  auto raw_synchronous = [&] {
    raw_launch();
    raw_sync();
  };
  auto ampcl_synchronous = [&] {
    ampcl_launch();
    sync();
  };
  const std::vector<double> latency =
      time_interleaved(*c.opt, {{raw_synchronous, nothing}, {ampcl_synchronous, nothing}});
  c.add("launch_latency", "raw", args, latency[0] * 1e6, "us", "-");
  c.add("launch_latency", "ampcl", args, latency[1] * 1e6, "us", "-");
  for (cl_mem m : mems) clReleaseMemObject(m);
  clReleaseKernel(k);
  clReleaseKernel(k_opts);
}

}  // namespace

void run_launch(context& c) {
  cl_program raw = build_raw(c, raw_kernels_source);
  cl_program opts = build_raw(c, raw_kernels_source, ampcl::detail::base_build_options);
  one_count<1>(c, raw, opts);
  one_count<4>(c, raw, opts);
  one_count<8>(c, raw, opts);
  one_count<16>(c, raw, opts);
  clReleaseProgram(opts);
  clReleaseProgram(raw);
}

}  // namespace bench
