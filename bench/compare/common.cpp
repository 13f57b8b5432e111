#include "common.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace bench {

void context::add(const std::string& figure, const std::string& impl, double size, double value,
                  const std::string& unit, const std::string& check) {
  rows->push_back({device, figure, impl, size, value, unit, check});
  std::fprintf(stderr, "  %-28s %-8s %12.0f  %10s %-8s %s\n", figure.c_str(), impl.c_str(), size,
               fmt(value).c_str(), unit.c_str(), check.c_str());
}

std::vector<double> time_interleaved(const options& opt, const std::vector<variant>& variants,
                                     int rounds) {
  using clock = std::chrono::steady_clock;
  const std::size_t n = variants.size();
  // Warm-up, and one batch size for all, from the slowest variant's single call.
  double slowest = 1e-7;
  for (const variant& v : variants) {
    v.fn();
    v.sync();
    const auto t0 = clock::now();
    v.fn();
    v.sync();
    slowest = std::max(slowest, std::chrono::duration<double>(clock::now() - t0).count());
  }
  const int reps = std::clamp(static_cast<int>(opt.min_batch_s / slowest), 3, 5000);
  std::vector<double> best(n, 1e30);
  for (int round = 0; round < rounds; ++round) {
    for (std::size_t j = 0; j < n; ++j) {
      const std::size_t i = (j + static_cast<std::size_t>(round)) % n;
      const auto t0 = clock::now();
      for (int r = 0; r < reps; ++r) variants[i].fn();
      variants[i].sync();
      best[i] = std::min(best[i], std::chrono::duration<double>(clock::now() - t0).count() / reps);
    }
  }
  return best;
}

double time_per_call(const options& opt, const std::function<void()>& fn,
                     const std::function<void()>& sync) {
  return time_interleaved(opt, {{fn, sync}}, 3)[0];
}

void check_cl(cl_int err, const char* what) {
  if (err != CL_SUCCESS)
    throw std::runtime_error(std::string(what) + " failed: " + std::to_string(err));
}

cl_program build_raw(const context& c, const std::string& source, const std::string& options,
                     std::string* log) {
  const char* text = source.c_str();
  cl_int err = 0;
  cl_program p = clCreateProgramWithSource(c.acc.context(), 1, &text, nullptr, &err);
  check_cl(err, "clCreateProgramWithSource");
  cl_device_id dev = c.acc.device();
  err = clBuildProgram(p, 1, &dev, options.c_str(), nullptr, nullptr);
  std::size_t n = 0;
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
  std::string text_log(n, '\0');
  clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_LOG, n, text_log.data(), nullptr);
  if (log) *log = text_log;
  if (err != CL_SUCCESS) {
    clReleaseProgram(p);
    throw std::runtime_error("raw build failed with " + std::to_string(err) + ": " + text_log);
  }
  return p;
}

cl_kernel raw_kernel(cl_program p, const char* name) {
  cl_int err = 0;
  cl_kernel k = clCreateKernel(p, name, &err);
  check_cl(err, name);
  return k;
}

cl_mem raw_buffer(const context& c, std::size_t bytes, cl_mem_flags flags) {
  cl_int err = 0;
  cl_mem m = clCreateBuffer(c.acc.context(), flags, bytes, nullptr, &err);
  check_cl(err, "clCreateBuffer");
  return m;
}

void fill_random(std::vector<float>& v, std::uint64_t seed) {
  std::uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (auto& x : v) {
    s += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = s;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z ^= z >> 31;
    // 24 random bits -> [-1, 1), never exactly zero.
    const float f =
        static_cast<float>(static_cast<std::int32_t>(z >> 40) - (1 << 23)) / float(1 << 23);
    x = f == 0.0f ? 0.5f : f;
  }
}

void poison_buffer(cl_command_queue q, cl_mem buf, std::size_t bytes) {
  const float p = poison;
  check_cl(clEnqueueFillBuffer(q, buf, &p, sizeof p, 0, bytes / 4 * 4, 0, nullptr, nullptr),
           "clEnqueueFillBuffer");
  clFinish(q);
}

std::string compare(const std::vector<float>& got, const std::vector<double>& want, double tol) {
  if (got.size() != want.size()) return "FAIL size";
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    const double d = std::fabs(got[i] - want[i]);
    if (!(d <= tol * (1.0 + std::fabs(want[i])))) {
      if (!bad) first = i;
      ++bad;
    }
  }
  if (!bad) return "ok";
  return "FAIL " + std::to_string(bad) + " wrong, first at " + std::to_string(first) + ": " +
         std::to_string(got[first]) + " vs " + std::to_string(want[first]);
}

std::string fmt(double v, int prec) {
  char b[64];
  if (v != 0 && (std::fabs(v) >= 1e5 || std::fabs(v) < 1e-3))
    std::snprintf(b, sizeof b, "%.*e", prec - 1, v);
  else
    std::snprintf(b, sizeof b, "%.*g", prec + 1, v);
  return b;
}

}  // namespace bench
