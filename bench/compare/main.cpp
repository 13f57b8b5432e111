// ampcl-bench-compare: ampcl against raw OpenCL, CLBlast and PyTorch, one table per device.
//   ampcl-bench-compare [--device FILTER] [--out DIR] [--torch-json FILE] [--max-log2 K]
//                       [--gemm-min N] [--gemm-max N] [--gemm-ampcl-only]
//                       [--transpose-variants "TILE,ROWS,VEC;..."]
//                       [--suites launch,bandwidth,transpose,build,transfer,gemm] [--quick]
//                       [--transfer-mib N]
// Suites run in that order; gemm last, because a kernel fault (CL_OUT_OF_RESOURCES
// on NVIDIA) poisons the whole context and every later suite would fail with it.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <set>
#include <sstream>

#include "common.hpp"
#include "report.hpp"
#include "support/progress.hpp"

namespace {

const char* const usage =
    "usage: ampcl-bench-compare [--device FILTER] [--out DIR] [--suites LIST] [--quick]\n"
    "         [--max-log2 K] [--gemm-min N] [--gemm-max N] [--gemm-ampcl-only]\n"
    "         [--transpose-variants \"TILE,ROWS,VEC;...\"] [--transfer-mib N] [--torch-json FILE]\n"
    "  --device    substring of \"<platform> / <device>\", or pocl, gpu, cpu (default: all)\n"
    "  --suites    comma-separated: launch,bandwidth,transpose,build,transfer,gemm\n"
    "              (default bandwidth,gemm,launch,build,transfer)\n"
    "  --out       directory for results.csv (default bench-results)\n"
    "  --transfer-mib  size of the transfer suite's copies (default 256)\n"
    "  transfer tuning: AMPCL_STAGING_CHUNK_MB, AMPCL_STAGING_BUFFERS, AMPCL_COPY_THREADS\n"
    "              (README; bench/transfer_sweep.sh sweeps them)\n";

std::string lower(std::string s) {
  for (auto& ch : s) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return s;
}

// A substring of "<platform> / <device>", or pocl, gpu, cpu.
bool matches(const std::string& filter, const std::string& name, bool is_cpu) {
  const std::string f = lower(filter), n = lower(name);
  if (f.empty() || n.find(f) != std::string::npos) return true;
  if (f == "pocl") return n.find("portable computing language") != std::string::npos;
  if (f == "gpu") return !is_cpu;
  return f == "cpu" && is_cpu;
}

}  // namespace

int main(int argc, char** argv) {
  bench::options opt;
  opt.self = argv[0];
  std::string suites = "bandwidth,gemm,launch,build,transfer";
  bool max_given = false;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&]() -> std::string { return i + 1 < argc ? argv[++i] : ""; };
    if (a == "--probe-build") return bench::probe_build(std::stoi(next()));
    if (a == "--probe-raw-load" && i + 8 < argc) {
      const int platform = std::stoi(next()), device = std::stoi(next());
      const std::string path = next();
      std::size_t global[2], local[2];
      for (auto* v : {&global[0], &global[1], &local[0], &local[1]}) *v = std::stoul(next());
      return bench::probe_raw_load(platform, device, path, global, local, next());
    }
    if (a == "--device")
      opt.device_filter = next();
    else if (a == "--out")
      opt.out_dir = next();
    else if (a == "--torch-json")
      opt.torch_json = next();
    else if (a == "--max-log2")
      opt.max_log2 = std::stoi(next()), max_given = true;
    else if (a == "--gemm-max")
      opt.gemm_max = std::stoi(next());
    else if (a == "--gemm-min")
      opt.gemm_min = std::stoi(next());
    else if (a == "--gemm-ampcl-only")
      opt.gemm_ampcl_only = true;
    else if (a == "--transpose-variants")
      opt.transpose_variants = next();
    else if (a == "--transfer-mib")
      opt.transfer_mib = std::stoi(next());
    else if (a == "--suites")
      suites = next();
    else if (a == "--quick")
      opt.quick = true, opt.min_batch_s = 0.01;
    else if (a == "--help" || a == "-h") {
      std::cout << usage;
      return 0;
    } else {
      std::cerr << "unknown argument " << a << "\n" << usage;
      return 2;
    }
  }
  std::vector<bench::row> rows;
  const auto all = ampcl::opencl_devices();
  for (std::size_t d = 0; d < all.size(); ++d) {
    const auto& acc = all[d];
    const std::string name = acc.get_platform_name() + " / " + acc.get_device_name();
    if (!matches(opt.device_filter, name, acc.is_cpu())) continue;
    bench::context c{&opt, acc, acc.get_default_view(), nullptr, name, acc.is_cpu(), &rows};
    bench::options local = opt;
    if (acc.is_cpu() && !max_given) local.max_log2 = 24;  // CPUs: keep the sweep short
    c.opt = &local;
    cl_int err = 0;
    c.raw_queue = clCreateCommandQueue(acc.context(), acc.device(), 0, &err);
    std::fprintf(stderr, "device %zu: %s\n", d, name.c_str());
    auto run = [&](const char* suite, auto fn) {
      if (suites.find(suite) == std::string::npos) return;
      // A sweep takes seconds to minutes: say which one runs (terminals only).
      ampcl::detail::progress_line progress(std::string("bench ") + suite + " on " + name);
      try {
        fn();
      } catch (const std::exception& e) {
        progress.finish();
        std::fprintf(stderr, "  %s failed: %s\n", suite, e.what());
        c.add(suite, "error", 0, 0, "-", std::string("FAIL ") + e.what());
      }
    };
    run("launch", [&] { bench::run_launch(c); });
    run("bandwidth", [&] { bench::run_bandwidth(c); });
    run("transpose", [&] { bench::run_transpose_variants(c); });
    run("build", [&] { bench::run_build(c, static_cast<int>(d)); });
    run("transfer", [&] { bench::run_transfer(c); });
    run("gemm", [&] { bench::run_gemm(c); });
    if (!opt.torch_json.empty() && !acc.is_cpu()) bench::add_torch_rows(opt.torch_json, name, rows);
    clReleaseCommandQueue(c.raw_queue);
    bench::print_table(name, rows, acc.is_cpu());
    std::fflush(stdout);
  }
  if (!bench::write_csv(opt.out_dir + "/results.csv", rows)) return 1;
  std::printf("\nCSV: %s/results.csv\n", opt.out_dir.c_str());
  return 0;
}
