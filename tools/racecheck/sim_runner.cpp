#include "sim_runner.hpp"

#include <ampcl/accelerator.hpp>
#include <ampcl/detail/cl_handle.hpp>
#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/ndrange.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include "layout.hpp"
#include "sim_dump.hpp"
#include "sim_error.hpp"
#include "sim_parser.hpp"

namespace ampcl::racecheck {

namespace {

using ampcl::detail::basic_cl_handle;

// The kernel's parameters as the device compiler declared them, from the kernel
// ampcl compiles for the launch (its program cache keeps argument info), so the
// launch below reuses that compile.
std::vector<sim::kernel_param> describe_kernel(const accelerator_view& view, const kernel& k,
                                               const std::string& sim_path) {
  std::vector<kernel_parameter> declared;
  try {
    declared = kernel_parameters(view, k);
  } catch (const runtime_exception& e) {
    if (e.get_error_code() != CL_INVALID_KERNEL_NAME) throw;
    throw sim::sim_error(sim_path, 2, e.what(), "line 2 of a .sim file names the kernel to run");
  }
  std::vector<sim::kernel_param> params;
  for (std::size_t i = 0; i < declared.size(); ++i) {
    sim::kernel_param p;
    p.name = declared[i].name.empty() ? "arg" + std::to_string(i) : declared[i].name;
    p.type_name = declared[i].type_name;
    switch (declared[i].address) {
      case CL_KERNEL_ARG_ADDRESS_GLOBAL:
        p.space = sim::address_space::global;
        break;
      case CL_KERNEL_ARG_ADDRESS_CONSTANT:
        p.space = sim::address_space::constant;
        break;
      case CL_KERNEL_ARG_ADDRESS_LOCAL:
        p.space = sim::address_space::local;
        break;
      default:
        p.space = sim::address_space::private_;
        p.size = sim::builtin_type_size(p.type_name);
    }
    params.push_back(std::move(p));
  }
  return params;
}

ndrange to_ndrange(const sim::launch_header& h) {
  ndrange r;
  // Trailing dimensions of size 1 are dropped, so a 1-D launch is reported in 1-D.
  r.dims = 1;
  for (unsigned d = 1; d < 3; ++d)
    if (h.global[d] > 1 || h.local[d] > 1) r.dims = d + 1;
  for (unsigned d = 0; d < 3; ++d) {
    r.global[d] = h.global[d];
    r.local[d] = h.local[d];
  }
  return r;
}

// AMPCL_SIM_REPEAT=N (benchmarks): N more launches after the first (which pays
// for compiling and instrumenting) and one more untimed (where the checker makes
// its second shadow set: racecheck_hook), each waited for; prints their mean to
// stderr.
// AMPCL_SIM_WAIT=end: the N launches go back to back and are waited for once, at
// the end, as a program that does not wait for each launch makes them.
void time_repeats(const accelerator_view& view, const kernel& k, const ndrange& r,
                  const std::vector<raw_arg>& raw) {
  namespace st = ampcl::detail::settings;
  const auto set = st::number<runtime_exception>(st::id::sim_repeat);
  if (!set) return;
  const long repeats = static_cast<long>(*set);
  const bool wait_each = st::choice<runtime_exception>(st::id::sim_wait).value_or(0) == 0;
  if (repeats == 0) return;
  launch_ndrange(view, k, r, raw);
  view.wait();
  const auto start = std::chrono::steady_clock::now();
  for (long i = 0; i < repeats; ++i) {
    launch_ndrange(view, k, r, raw);
    if (wait_each) view.wait();
  }
  view.wait();
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  std::fprintf(stderr, "ampcl-sim-time-ms: %.4f\n", took.count() / static_cast<double>(repeats));
}

}  // namespace

void run_sim_file(const std::string& sim_path, const std::string& build_options,
                  std::ostream& dump_out) {
  sim::sim_parser parser = sim::sim_parser::from_file(sim_path);
  const sim::launch_header header = parser.read_header();
  const std::string program = sim::resolve_program_path(sim_path, header.program_file);

  kernel k = kernel::from_file(program, header.kernel_name);
  if (!build_options.empty()) k = k.with_option(build_options);
  accelerator_view view = accelerator().get_default_view();
  const std::vector<sim::kernel_param> params = describe_kernel(view, k, sim_path);
  const std::vector<sim::sim_argument> args = parser.read_arguments(params);

  std::vector<basic_cl_handle<cl_mem>> buffers;  // keeps every buffer alive until the end
  std::vector<raw_arg> raw;
  std::vector<std::pair<const sim::sim_argument*, cl_mem>> dumps;
  std::string uninitialized;  // noinit buffers, for the race checker
  for (const sim::sim_argument& a : args) {
    switch (a.space) {
      case sim::address_space::local:
        raw.push_back(raw_arg::local(a.size));
        break;
      case sim::address_space::private_:
        raw.push_back(raw_arg::bytes(a.data.data(), a.size));
        break;
      case sim::address_space::global:
      case sim::address_space::constant: {
        if (a.null) {
          raw.push_back(raw_arg::buffer(nullptr));
          break;
        }
        if (a.size == 0)
          throw sim::sim_error(sim_path, a.line,
                               "argument " + std::to_string(a.index) + " ('" + a.name +
                                   "'): OpenCL buffers cannot be empty (size=0)",
                               "give size=N with N > 0, or `<null>` for a NULL buffer");
        cl_mem_flags flags = a.read_only    ? CL_MEM_READ_ONLY
                             : a.write_only ? CL_MEM_WRITE_ONLY
                                            : CL_MEM_READ_WRITE;
        std::vector<unsigned char> init = a.data;
        // noinit: zeroes on the device, so runs repeat; the race checker is told the
        // contents are undefined (layout::uninitialized_buffers_env)
        if (init.empty()) init.assign(a.size, 0);
        flags |= CL_MEM_COPY_HOST_PTR;
        cl_int err = CL_SUCCESS;
        cl_mem mem = clCreateBuffer(view.context(), flags, a.size, init.data(), &err);
        detail::check(err, "clCreateBuffer",
                      "for argument " + std::to_string(a.index) + " ('" + a.name + "', " +
                          std::to_string(a.size) + " bytes)");
        buffers.emplace_back(mem);
        raw.push_back(raw_arg::buffer(mem));
        if (a.dump) dumps.emplace_back(&a, mem);
        if (a.noinit) {
          char handle[2 + 2 * sizeof(void*) + 2];
          std::snprintf(handle, sizeof handle, "%llx ",
                        static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(mem)));
          uninitialized += handle;
        }
        break;
      }
    }
  }

  // The first launch only: the repeats find what it wrote.
  if (!uninitialized.empty())
    setenv(debug::layout::uninitialized_buffers_env, uninitialized.c_str(), 1);
  launch_ndrange(view, k, to_ndrange(header), raw);
  view.wait();
  if (!uninitialized.empty()) unsetenv(debug::layout::uninitialized_buffers_env);
  time_repeats(view, k, to_ndrange(header), raw);

  for (const auto& [arg, mem] : dumps) {
    std::vector<unsigned char> bytes(arg->size);
    detail::check(clEnqueueReadBuffer(view.queue(), mem, CL_TRUE, 0, arg->size, bytes.data(), 0,
                                      nullptr, nullptr),
                  "clEnqueueReadBuffer", "for dump of argument '" + arg->name + "'");
    sim::dump_argument(dump_out, *arg, bytes.data());
  }
}

}  // namespace ampcl::racecheck
