// Host <-> device bandwidth of one large copy: raw OpenCL from pageable memory and
// from a pinned (CL_MEM_ALLOC_HOST_PTR, mapped) buffer, against ampcl's copy()
// between a host vector and a device-resident array (staged through pinned
// buffers on discrete GPUs, a mapped memcpy where the device shares memory with the
// host: lib/memory/transfer.cpp). bench/transfer_sweep.sh runs it for several
// AMPCL_STAGING* / AMPCL_COPY_THREADS settings.
#include <algorithm>
#include <cstring>

#include "baseline_kernels.hpp"
#include "common.hpp"

namespace bench {

namespace {

// Checks every byte: the copies move bits, nothing may differ.
const char* same(const void* got, const std::vector<float>& want) {
  return std::memcmp(got, want.data(), want.size() * sizeof(float)) == 0 ? "ok" : "FAIL";
}

}  // namespace

void run_transfer(context& c) {
  const std::size_t bytes = std::size_t(c.opt->transfer_mib) << 20, n = bytes / 4;
  const double size = double(n);
  std::vector<float> host(n);
  fill_random(host, 7);
  std::vector<float> back(n, poison);
  const auto& opt = *c.opt;
  const auto gbps = [&](double seconds) { return double(bytes) / seconds / 1e9; };
  cl_command_queue q = c.raw_queue;
  cl_mem device = raw_buffer(c, bytes);
  const auto raw_sync = [&] { check_cl(clFinish(q), "clFinish"); };
  // Non-blocking copies timed up to clFinish; every return code is checked (a failed
  // enqueue costs nothing and once read as 1e5 GB/s), and the data is compared.
  const auto write_from = [&](const void* src) {
    check_cl(clEnqueueWriteBuffer(q, device, CL_FALSE, 0, bytes, src, 0, nullptr, nullptr),
             "clEnqueueWriteBuffer");
  };
  const auto read_into = [&](void* dst) {
    check_cl(clEnqueueReadBuffer(q, device, CL_FALSE, 0, bytes, dst, 0, nullptr, nullptr),
             "clEnqueueReadBuffer");
  };
  const auto device_holds_host = [&] {
    std::vector<float> got(n);
    check_cl(clEnqueueReadBuffer(q, device, CL_TRUE, 0, bytes, got.data(), 0, nullptr, nullptr),
             "clEnqueueReadBuffer");
    return same(got.data(), host);
  };

  // Raw OpenCL from pageable memory and from a pinned (mapped CL_MEM_ALLOC_HOST_PTR)
  // buffer, and ampcl's copy() between a host vector and a device-resident array,
  // timed in alternating batches: their ratios are what the targets read.
  cl_mem staging = raw_buffer(c, bytes, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR);
  cl_int err = 0;
  auto* pinned = static_cast<unsigned char*>(clEnqueueMapBuffer(
      q, staging, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes, 0, nullptr, nullptr, &err));
  check_cl(err, "clEnqueueMapBuffer");
  // access_type_none: a device buffer on every device (CPUs included), so the
  // copy path is what is measured, not a host-visible mapping.
  ampcl::array<float, 1> a(ampcl::extent<1>(static_cast<int>(n)), c.view, ampcl::access_type_none);
  const auto view_sync = [&] { c.view.wait(); };
  const auto ampcl_holds_host = [&] {
    std::vector<float> got(n, poison);
    ampcl::copy(a, got.begin());
    return same(got.data(), host);
  };

  // ---- host to device ----
  std::memcpy(pinned, host.data(), bytes);
  poison_buffer(q, device, bytes);
  const std::vector<double> h2d =
      time_interleaved(opt,
                       {{[&] { write_from(host.data()); }, raw_sync},
                        {[&] { write_from(pinned); }, raw_sync},
                        {[&] { ampcl::copy(host.begin(), host.end(), a); }, view_sync}},
                       6);
  const std::string raw_check = device_holds_host();
  c.add("h2d_pageable", "raw", size, gbps(h2d[0]), "GB/s", raw_check);
  c.add("h2d_pinned", "raw", size, gbps(h2d[1]), "GB/s", raw_check);
  c.add("h2d_copy", "ampcl", size, gbps(h2d[2]), "GB/s", ampcl_holds_host());

  // ---- device to host ----
  std::fill(back.begin(), back.end(), poison);
  std::memset(pinned, 0x5a, bytes);
  std::vector<float> ampcl_back(n, poison);
  const std::vector<double> d2h =
      time_interleaved(opt,
                       {{[&] { read_into(back.data()); }, raw_sync},
                        {[&] { read_into(pinned); }, raw_sync},
                        {[&] { ampcl::copy(a, ampcl_back.begin()); }, view_sync}},
                       6);
  c.add("d2h_pageable", "raw", size, gbps(d2h[0]), "GB/s", same(back.data(), host));
  c.add("d2h_pinned", "raw", size, gbps(d2h[1]), "GB/s", same(pinned, host));
  c.add("d2h_copy", "ampcl", size, gbps(d2h[2]), "GB/s", same(ampcl_back.data(), host));

  // ---- an array_view over the program's memory, copied every round ----
  // The pattern of an iterative program with host work between its launches: the
  // storage's memory is registered with the driver after a few copies (NVIDIA;
  // lib/memory/host_registration.hpp), during the warm-up here, so these rows are
  // the steady state. d2h includes an empty launch that makes the device's copy
  // the only current one (about 10 us against 1.2 ms for 64 MiB).
  std::vector<float> mine = host;
  ampcl::array_view<float, 1> av(static_cast<int>(n), mine);
  const ampcl::kernel writes = ampcl::kernel::from_source(raw_kernels_source, "empty1");
  const std::vector<double> sync =
      time_interleaved(opt,
                       {{[&] { write_from(pinned); }, raw_sync},
                        {[&] {
                           av.refresh();
                           av.synchronize_to(c.view);
                         },
                         view_sync},
                        {[&] { read_into(pinned); }, raw_sync},
                        {[&] {
                           ampcl::parallel_for_each(c.view, ampcl::extent<1>(1), writes, av);
                           av.synchronize();
                         },
                         view_sync}},
                       6);
  // Checked: the device's copy, read back over poison.
  ampcl::parallel_for_each(c.view, ampcl::extent<1>(1), writes, av);
  std::fill(mine.begin(), mine.end(), poison);
  av.synchronize();
  const std::string view_check = same(mine.data(), host);
  c.add("h2d_view_sync", "ampcl", size, gbps(sync[1]), "GB/s", view_check);
  c.add("d2h_view_sync", "ampcl", size, gbps(sync[3]), "GB/s", view_check);

  // ---- a strided section: the middle half of the rows and of the columns ----
  // ampcl's copy() (detail/strided_copy.hpp: the span is read once, each row of the
  // section is a run) against raw OpenCL's rectangle copies of the same section.
  std::size_t cols = 1024;
  while (cols * cols * 4 < n) cols *= 2;
  const std::size_t rows = n / cols, sec_rows = rows / 2, sec_cols = cols / 2;
  const std::size_t sec_n = sec_rows * sec_cols;
  ampcl::array<float, 2> grid(static_cast<int>(rows), static_cast<int>(cols), host.begin(),
                              host.begin() + rows * cols, c.view, ampcl::access_type_none);
  const ampcl::array_view<float, 2> section =
      grid.section(ampcl::index<2>(static_cast<int>(rows / 4), static_cast<int>(cols / 4)),
                   ampcl::extent<2>(static_cast<int>(sec_rows), static_cast<int>(sec_cols)));
  check_cl(clEnqueueWriteBuffer(q, device, CL_TRUE, 0, rows * cols * 4, host.data(), 0, nullptr,
                                nullptr),
           "clEnqueueWriteBuffer");
  const std::size_t origin[3] = {cols / 4 * 4, rows / 4, 0}, host_origin[3] = {0, 0, 0};
  const std::size_t region[3] = {sec_cols * 4, sec_rows, 1};
  std::vector<float> raw_sec(sec_n, poison), ampcl_sec(sec_n, poison);
  const std::vector<double> rect = time_interleaved(
      opt,
      {{[&] {
          check_cl(
              clEnqueueReadBufferRect(q, device, CL_FALSE, origin, host_origin, region, cols * 4, 0,
                                      sec_cols * 4, 0, raw_sec.data(), 0, nullptr, nullptr),
              "clEnqueueReadBufferRect");
        },
        raw_sync},
       {[&] { ampcl::copy(section, ampcl_sec.begin()); }, view_sync}},
      6);
  std::vector<float> want_sec;
  for (std::size_t r = 0; r < sec_rows; ++r)
    for (std::size_t k = 0; k < sec_cols; ++k)
      want_sec.push_back(host[(rows / 4 + r) * cols + cols / 4 + k]);
  const double sec_size = double(sec_n);
  const auto sec_gbps = [&](double seconds) { return double(sec_n * 4) / seconds / 1e9; };
  c.add("d2h_section_rect", "raw", sec_size, sec_gbps(rect[0]), "GB/s",
        same(raw_sec.data(), want_sec));
  c.add("d2h_section_copy", "ampcl", sec_size, sec_gbps(rect[1]), "GB/s",
        same(ampcl_sec.data(), want_sec));

  check_cl(clEnqueueUnmapMemObject(q, staging, pinned, 0, nullptr, nullptr),
           "clEnqueueUnmapMemObject");
  raw_sync();
  clReleaseMemObject(staging);
  clReleaseMemObject(device);
}

}  // namespace bench
