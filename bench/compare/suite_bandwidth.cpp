// Streaming kernels against raw OpenCL and (on CPUs) a plain C++ loop on the same cores:
// copy, element-wise map, reduction, transpose, tile average, over 2^10 .. 2^max elements.
#include <ampcl/algorithms.hpp>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <thread>

#include "baseline_kernels.hpp"
#include "common.hpp"

namespace bench {

namespace {

using ampcl::array;
using ampcl::array_view;
using ampcl::extent;

double tbps(double bytes, double seconds) {
  return bytes / seconds / 1e12;
}

cl_mem buffer_of(const array<float, 1>& a, const ampcl::accelerator_view& v, bool write) {
  return ampcl::detail::device_buffer(ampcl::detail::storage_of(a), v, !write, write);
}

// A plain C++ loop on all host threads (the CPU streaming bound for PoCL).
template <class F>
void on_all_threads(std::size_t n, F body) {
  const unsigned t = std::max(1u, std::thread::hardware_concurrency());
  std::vector<std::thread> pool;
  for (unsigned k = 0; k < t; ++k) pool.emplace_back([=] { body(n * k / t, n * (k + 1) / t, k); });
  for (auto& th : pool) th.join();
}

std::string check_exact(const std::vector<float>& got, const std::vector<float>& want) {
  if (got.size() != want.size()) return "FAIL size";
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) return "FAIL at " + std::to_string(i);
  return "ok";
}

void one_size(context& c, int log2n) {
  const std::size_t n = std::size_t(1) << log2n;
  const std::size_t bytes = n * sizeof(float);
  const auto& opt = *c.opt;
  auto& view = c.view;
  std::vector<float> in(n);
  fill_random(in, log2n);

  array<float, 1> a_in(extent<1>(static_cast<int>(n)), in.begin(), in.end(), view);
  array<float, 1> a_out(extent<1>(static_cast<int>(n)), view);
  array_view<const float, 1> v_in(a_in);
  array_view<float, 1> v_out(a_out);
  auto sync = [&] { view.wait(); };
  auto raw_sync = [&] { clFinish(c.raw_queue); };
  const double N = static_cast<double>(n);

  // ---- raw copy: a float4 kernel and clEnqueueCopyBuffer; the better one counts ----
  cl_program raw = build_raw(c, raw_kernels_source);
  cl_mem r_in = raw_buffer(c, bytes), r_out = raw_buffer(c, bytes);
  check_cl(
      clEnqueueWriteBuffer(c.raw_queue, r_in, CL_TRUE, 0, bytes, in.data(), 0, nullptr, nullptr),
      "write");
  {
    cl_kernel k = raw_kernel(raw, "copy4");
    clSetKernelArg(k, 0, sizeof r_in, &r_in);
    clSetKernelArg(k, 1, sizeof r_out, &r_out);
    const std::size_t g = n / 4;
    poison_buffer(c.raw_queue, r_out, bytes);
    auto run_kernel = [&] {
      clEnqueueNDRangeKernel(c.raw_queue, k, 1, nullptr, &g, nullptr, 0, nullptr, nullptr);
    };
    run_kernel();
    std::vector<float> got(n);
    clEnqueueReadBuffer(c.raw_queue, r_out, CL_TRUE, 0, bytes, got.data(), 0, nullptr, nullptr);
    const std::string ok = check_exact(got, in);
    const double t_kernel = time_per_call(opt, run_kernel, raw_sync);
    const double t_copy = time_per_call(
        opt,
        [&] { clEnqueueCopyBuffer(c.raw_queue, r_in, r_out, 0, 0, bytes, 0, nullptr, nullptr); },
        raw_sync);
    c.add("copy", "raw", N, tbps(2.0 * bytes, std::min(t_kernel, t_copy)), "TB/s", ok);
    clReleaseKernel(k);
  }
  // ---- raw hand-written reduction ----
  double want_sum = 0, abs_sum = 0;
  for (float x : in) want_sum += x, abs_sum += std::fabs(x);
  {
    cl_kernel k1 = raw_kernel(raw, "reduce_raw"), k2 = raw_kernel(raw, "reduce_raw_final");
    const int groups = std::max(1, std::min<int>(c.acc.get_compute_units() * 8, n / 4096));
    cl_mem partials = raw_buffer(c, groups * sizeof(float)), result = raw_buffer(c, sizeof(float));
    const int n4 = static_cast<int>(n / 4);
    clSetKernelArg(k1, 0, sizeof r_in, &r_in);
    clSetKernelArg(k1, 1, sizeof n4, &n4);
    clSetKernelArg(k1, 2, sizeof partials, &partials);
    clSetKernelArg(k1, 3, 256 * sizeof(float), nullptr);
    clSetKernelArg(k2, 0, sizeof partials, &partials);
    clSetKernelArg(k2, 1, sizeof groups, &groups);
    clSetKernelArg(k2, 2, sizeof result, &result);
    clSetKernelArg(k2, 3, 256 * sizeof(float), nullptr);
    const std::size_t local = 256, global = local * groups;
    auto run_reduce = [&] {
      clEnqueueNDRangeKernel(c.raw_queue, k1, 1, nullptr, &global, &local, 0, nullptr, nullptr);
      clEnqueueNDRangeKernel(c.raw_queue, k2, 1, nullptr, &local, &local, 0, nullptr, nullptr);
    };
    poison_buffer(c.raw_queue, result, sizeof(float));
    run_reduce();
    float got = 0;
    clEnqueueReadBuffer(c.raw_queue, result, CL_TRUE, 0, sizeof got, &got, 0, nullptr, nullptr);
    const bool ok = std::fabs(got - want_sum) <= 1e-5 * abs_sum + 1e-3;
    c.add("reduce", "raw", N, tbps(bytes, time_per_call(opt, run_reduce, raw_sync)), "TB/s",
          ok ? "ok" : "FAIL " + std::to_string(got) + " vs " + std::to_string(want_sum));
    clReleaseKernel(k1);
    clReleaseKernel(k2);
    clReleaseMemObject(partials);
    clReleaseMemObject(result);
  }
  clReleaseMemObject(r_in);
  clReleaseMemObject(r_out);
  clReleaseProgram(raw);

  // ---- ampcl copy (identity map) and map ----
  for (const char* expr : {"x", "x * 2.0f + 1.0f"}) {
    const bool is_copy = std::strcmp(expr, "x") == 0;
    poison_buffer(view.queue(), buffer_of(a_out, view, true), bytes);
    ampcl::transform(view, v_in, v_out, expr);
    std::vector<float> got = a_out;
    std::string ok = "ok";
    for (std::size_t i = 0; i < n && ok == "ok"; ++i) {
      const double want = is_copy ? in[i] : 2.0 * in[i] + 1.0;
      if (std::fabs(got[i] - want) > 1e-6 * (1 + std::fabs(want)))
        ok = "FAIL at " + std::to_string(i);
    }
    const double t = time_per_call(
        opt, [&] { ampcl::transform(view, v_in, v_out, expr); }, sync);
    c.add(is_copy ? "copy" : "map", "ampcl", N, tbps(2.0 * bytes, t), "TB/s", ok);
  }
  // ---- ampcl reduce (result stays on the device) ----
  {
    array<float, 1> result(extent<1>(1), view);
    array_view<float, 1> v_result(result);
    poison_buffer(view.queue(), buffer_of(result, view, true), sizeof(float));
    ampcl::reduce(view, v_in, v_result);
    const float got = std::vector<float>(result)[0];
    const bool ok = std::fabs(got - want_sum) <= 1e-5 * abs_sum + 1e-3;
    const double t = time_per_call(
        opt, [&] { ampcl::reduce(view, v_in, v_result); }, sync);
    c.add("reduce", "ampcl", N, tbps(bytes, t), "TB/s",
          ok ? "ok" : "FAIL " + std::to_string(got) + " vs " + std::to_string(want_sum));
  }
  // ---- square matrices: transpose, tile average 16x16 (library and documents') ----
  const int side = 1 << (log2n / 2);
  if (std::size_t(side) * side == n) {
    // The same storage seen as side x side matrices.
    const extent<2> sq(side, side);
    array_view<const float, 2> m_in = a_in.view_as(sq);
    array_view<float, 2> m_out = a_out.view_as(sq);
    poison_buffer(view.queue(), buffer_of(a_out, view, true), bytes);
    ampcl::transpose(view, m_in, m_out);
    {
      std::vector<float> got = a_out;
      std::string ok = "ok";
      for (int i = 0; i < side && ok == "ok"; ++i)
        for (int j = 0; j < side; ++j)
          if (got[std::size_t(j) * side + i] != in[std::size_t(i) * side + j]) {
            ok = "FAIL at " + std::to_string(i) + "," + std::to_string(j);
            break;
          }
      const double t = time_per_call(
          opt, [&] { ampcl::transpose(view, m_in, m_out); }, sync);
      c.add("transpose", "ampcl", N, tbps(2.0 * bytes, t), "TB/s", ok);
    }
    if (side >= 16) {
      const int o = side / 16;
      array<float, 2> avg(extent<2>(o, o), view);
      array_view<float, 2> v_avg(avg);
      std::vector<double> want(std::size_t(o) * o, 0.0);
      for (int i = 0; i < side; ++i)
        for (int j = 0; j < side; ++j)
          want[std::size_t(i / 16) * o + j / 16] += in[std::size_t(i) * side + j];
      for (auto& w : want) w /= 256.0;
      const double moved = bytes + bytes / 256.0;
      auto check_avg = [&] {
        std::vector<float> got = avg;
        return compare(got, want, 1e-5);
      };
      std::vector<std::pair<std::string, ampcl::tile_average_variant>> variants{
          {"ampcl", ampcl::tile_average_variant::automatic}};
      if (c.is_cpu) variants.push_back({"ampcl-strips", ampcl::tile_average_variant::strips});
      for (auto& [impl, variant] : variants) {
        poison_buffer(
            view.queue(),
            ampcl::detail::device_buffer(ampcl::detail::storage_of(avg), view, false, true),
            avg.get_extent().size() * 4);
        ampcl::tile_average(view, m_in, v_avg, 16, 16, variant);
        const std::string ok = check_avg();
        const double t = time_per_call(
            opt,
            [&, variant = variant] { ampcl::tile_average(view, m_in, v_avg, 16, 16, variant); },
            sync);
        c.add("tile_average_16x16", impl, N, tbps(moved, t), "TB/s", ok);
      }
      const ampcl::kernel doc =
          ampcl::kernel::from_source(documents_sampling_source, "sampling_average")
              .define("SAMPLESIZE", 16);
      poison_buffer(view.queue(),
                    ampcl::detail::device_buffer(ampcl::detail::storage_of(avg), view, false, true),
                    avg.get_extent().size() * 4);
      ampcl::parallel_for_each(view, m_in.get_extent().tile<16, 16>(), doc, m_in, v_avg);
      const std::string ok = check_avg();
      const double t = time_per_call(
          opt,
          [&] {
            ampcl::parallel_for_each(view, m_in.get_extent().tile<16, 16>(), doc, m_in, v_avg);
          },
          sync);
      c.add("tile_average_16x16", "documents", N, tbps(moved, t), "TB/s", ok);
    }
  }
  // ---- CPUs: the same streaming work as a plain C++ loop on every core ----
  if (c.is_cpu) {
    std::vector<float> out(n);
    const double t_copy = time_per_call(
        opt,
        [&] {
          on_all_threads(n, [&](std::size_t b, std::size_t e, unsigned) {
            std::memcpy(out.data() + b, in.data() + b, (e - b) * sizeof(float));
          });
        },
        [] {});
    c.add("copy", "c++", N, tbps(2.0 * bytes, t_copy), "TB/s", check_exact(out, in));
    std::vector<double> partial(std::max(1u, std::thread::hardware_concurrency()));
    const double t_sum = time_per_call(
        opt,
        [&] {
          on_all_threads(n, [&](std::size_t b, std::size_t e, unsigned k) {
            float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
            std::size_t i = b;
            for (; i + 4 <= e; i += 4)
              s0 += in[i], s1 += in[i + 1], s2 += in[i + 2], s3 += in[i + 3];
            for (; i < e; ++i) s0 += in[i];
            partial[k] = (s0 + s1) + (s2 + s3);
          });
        },
        [] {});
    const double got = std::accumulate(partial.begin(), partial.end(), 0.0);
    c.add("reduce", "c++", N, tbps(bytes, t_sum), "TB/s",
          std::fabs(got - want_sum) <= 1e-5 * abs_sum + 1e-3 ? "ok" : "FAIL");
  }
}

}  // namespace

void run_transpose_variants(context& c) {
  const auto& opt = *c.opt;
  // CPUs: smaller matrices, and the CPU kernel ("auto": the library's own choice) first.
  const std::vector<int> sizes = c.is_cpu ? std::vector<int>{22, 24} : std::vector<int>{28, 30};
  for (int log2n : sizes) {
    if (log2n > opt.max_log2) continue;
    const std::size_t n = std::size_t(1) << log2n, bytes = n * 4;
    const int side = 1 << (log2n / 2);
    std::vector<float> in(n);
    fill_random(in, log2n);
    array<float, 1> a_in(extent<1>(static_cast<int>(n)), in.begin(), in.end(), c.view);
    array<float, 1> a_out(extent<1>(static_cast<int>(n)), c.view);
    const extent<2> sq(side, side);
    array_view<const float, 2> m_in = a_in.view_as(sq);
    array_view<float, 2> m_out = a_out.view_as(sq);
    // The copy it is judged against: clEnqueueCopyBuffer between the same buffers.
    cl_mem src = buffer_of(a_in, c.view, false), dst = buffer_of(a_out, c.view, true);
    const double t_copy = time_per_call(
        opt,
        [&] {
          check_cl(clEnqueueCopyBuffer(c.view.queue(), src, dst, 0, 0, bytes, 0, nullptr, nullptr),
                   "clEnqueueCopyBuffer");
        },
        [&] { c.view.wait(); });
    c.add("transpose_copy", "raw", double(n), tbps(2.0 * bytes, t_copy), "TB/s", "-");
    std::string list = "auto;" + opt.transpose_variants + ";";
    for (std::size_t at = 0, end; (end = list.find(';', at)) != std::string::npos; at = end + 1) {
      const std::string v = list.substr(at, end - at);
      if (v.empty()) continue;
      if (v == "auto")
        unsetenv("AMPCL_TRANSPOSE_PARAMS");
      else
        setenv("AMPCL_TRANSPOSE_PARAMS", v.c_str(), 1);
      // A tiling the device refuses (too many work-items) throws before anything
      // runs: report it and go on with the next.
      try {
        poison_buffer(c.view.queue(), dst, bytes);
        ampcl::transpose(c.view, m_in, m_out);
        std::vector<float> got = a_out;
        std::string ok = "ok";
        for (int i = 0; i < side && ok == "ok"; i += 7)
          for (int j = 0; j < side; ++j)
            if (got[std::size_t(j) * side + i] != in[std::size_t(i) * side + j]) {
              ok = "FAIL at " + std::to_string(i) + "," + std::to_string(j);
              break;
            }
        const double t = time_per_call(
            opt, [&] { ampcl::transpose(c.view, m_in, m_out); }, [&] { c.view.wait(); });
        c.add("transpose[" + v + "]", "ampcl", double(n), tbps(2.0 * bytes, t), "TB/s",
              ok + " " + fmt(t_copy / t) + "x copy");
      } catch (const ampcl::invalid_compute_domain& e) {
        c.add("transpose[" + v + "]", "ampcl", double(n), 0, "TB/s",
              std::string("refused: ") + e.what());
      }
    }
    unsetenv("AMPCL_TRANSPOSE_PARAMS");
  }
}

void run_bandwidth(context& c) {
  const int first = 10, step = c.opt->quick ? 4 : 2;
  for (int k = first; k <= c.opt->max_log2; k += step) one_size(c, k);
}

}  // namespace bench
