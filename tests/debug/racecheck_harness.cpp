#include "racecheck_harness.hpp"

#include <CL/cl.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include <ampcl/detail/cl_handle.hpp>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "racecheck_engine.hpp"
#include "sim_parser.hpp"

namespace ampcl::debug::testing {

namespace {

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

void check(cl_int err, const std::string& what) {
  if (err != CL_SUCCESS) throw std::runtime_error(what + " failed: " + std::to_string(err));
}

// What the runtime does: paste the prelude in place of its #include, with #line
// markers, so reports point at the user's file.
std::string expand_prelude(const std::string& source, const std::string& file) {
  std::istringstream in(source);
  std::string line, out;
  int n = 0;
  static const std::regex include(R"(^\s*#\s*include\s*[<"]ampcl\.clh[>"].*)");
  while (std::getline(in, line)) {
    ++n;
    if (std::regex_match(line, include)) {
      const std::string prelude = std::string(AMPCL_KERNEL_DIR) + "/ampcl.clh";
      out += "#line 1 \"" + prelude + "\"\n" + read_file(prelude) + "\n#line " +
             std::to_string(n + 1) + " \"" + file + "\"\n";
    } else {
      out += line + "\n";
    }
  }
  return out;
}

using ampcl::detail::basic_cl_handle;

struct cl_env {
  cl_platform_id platform = nullptr;
  cl_device_id device = nullptr;
  basic_cl_handle<cl_context> owned_context;
  basic_cl_handle<cl_command_queue> owned_queue;
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  cl_env() {
    check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
    cl_int err;
    owned_context =
        basic_cl_handle<cl_context>(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err));
    check(err, "clCreateContext");
    context = owned_context.get();
    owned_queue = basic_cl_handle<cl_command_queue>(clCreateCommandQueue(context, device, 0, &err));
    check(err, "clCreateCommandQueue");
    queue = owned_queue.get();
  }
};

cl_env& env() {
  static cl_env e;
  return e;
}

struct program_handle {
  basic_cl_handle<cl_program> program;
  basic_cl_handle<cl_kernel> kernel;  // released first: declared last
  cl_kernel k = nullptr;
};

void build(program_handle& h, const std::string& source, const std::string& options,
           const std::string& kernel) {
  const char* text = source.c_str();
  cl_int err;
  h.program = basic_cl_handle<cl_program>(
      clCreateProgramWithSource(env().context, 1, &text, nullptr, &err));
  check(err, "clCreateProgramWithSource");
  cl_program p = h.program.get();
  std::string opts = options + " -cl-kernel-arg-info";
  if (clBuildProgram(p, 1, &env().device, opts.c_str(), nullptr, nullptr) != CL_SUCCESS) {
    std::size_t n = 0;
    clGetProgramBuildInfo(p, env().device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &n);
    std::string log(n, '\0');
    clGetProgramBuildInfo(p, env().device, CL_PROGRAM_BUILD_LOG, n, log.data(), nullptr);
    throw std::runtime_error("build failed:\n" + log);
  }
  h.kernel = basic_cl_handle<cl_kernel>(clCreateKernel(p, kernel.c_str(), &err));
  check(err, "clCreateKernel");
  h.k = h.kernel.get();
}

std::string arg_info(cl_kernel k, unsigned i, cl_kernel_arg_info what) {
  std::size_t n = 0;
  clGetKernelArgInfo(k, i, what, 0, nullptr, &n);
  std::string s(n, '\0');
  clGetKernelArgInfo(k, i, what, n, s.data(), nullptr);
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

struct buffers {
  std::vector<cl_mem> mems;  // per argument, null for non-buffers
  std::vector<basic_cl_handle<cl_mem>> owned;
};

// Creates the arguments' buffers, binds them (and scalars/local sizes) to the kernel
// and fills the launch record's arguments.
void bind_arguments(cl_kernel k, const sim::sim_launch& launch,
                    const std::vector<sim::kernel_param>& params, buffers& bufs,
                    launch_record& rec) {
  for (std::size_t i = 0; i < launch.args.size(); ++i) {
    const sim::sim_argument& a = launch.args[i];
    launch_argument la;
    la.name = params[i].name;
    la.type_name = params[i].type_name;
    cl_mem m = nullptr;
    if (a.space == sim::address_space::global || a.space == sim::address_space::constant) {
      cl_int err;
      m = clCreateBuffer(env().context, CL_MEM_READ_WRITE, a.size, nullptr, &err);
      check(err, "clCreateBuffer");
      bufs.owned.emplace_back(m);
      std::vector<unsigned char> init = a.data;
      if (init.size() != a.size) init.assign(a.size, 0xA5);  // poison what has no data
      check(clEnqueueWriteBuffer(env().queue, m, CL_TRUE, 0, a.size, init.data(), 0, nullptr,
                                 nullptr),
            "clEnqueueWriteBuffer");
      check(clSetKernelArg(k, static_cast<cl_uint>(i), sizeof m, &m), "clSetKernelArg");
      la.what = launch_argument::kind::buffer;
      la.address = a.space == sim::address_space::global ? CL_KERNEL_ARG_ADDRESS_GLOBAL
                                                         : CL_KERNEL_ARG_ADDRESS_CONSTANT;
      cl_kernel_arg_type_qualifier q = 0;
      clGetKernelArgInfo(k, static_cast<cl_uint>(i), CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q,
                         nullptr);
      la.is_const = (q & CL_KERNEL_ARG_TYPE_CONST) != 0;
      la.buffer = m;
      la.buffer_bytes = a.size;
    } else if (a.space == sim::address_space::local) {
      check(clSetKernelArg(k, static_cast<cl_uint>(i), a.size, nullptr), "clSetKernelArg");
      la.what = launch_argument::kind::local_memory;
      la.address = CL_KERNEL_ARG_ADDRESS_LOCAL;
      la.local_bytes = a.size;
    } else {
      check(clSetKernelArg(k, static_cast<cl_uint>(i), a.data.size(), a.data.data()),
            "clSetKernelArg");
      la.what = la.type_name == "ampcl_view" ? launch_argument::kind::view_shape
                                             : launch_argument::kind::scalar;
      la.value = a.data;
    }
    bufs.mems.push_back(m);
    rec.args.push_back(std::move(la));
  }
}

// Binds the arguments `rec` describes to another kernel of the same signature.
void set_args(cl_kernel k, const launch_record& rec) {
  for (std::size_t i = 0; i < rec.args.size(); ++i) {
    const launch_argument& a = rec.args[i];
    const auto at = static_cast<cl_uint>(i);
    if (a.what == launch_argument::kind::buffer)
      check(clSetKernelArg(k, at, sizeof a.buffer, &a.buffer), "clSetKernelArg");
    else if (a.what == launch_argument::kind::local_memory)
      check(clSetKernelArg(k, at, a.local_bytes, nullptr), "clSetKernelArg");
    else
      check(clSetKernelArg(k, at, a.value.size(), a.value.data()), "clSetKernelArg");
  }
}

std::vector<std::vector<unsigned char>> read_back(const sim::sim_launch& launch,
                                                  const buffers& bufs) {
  std::vector<std::vector<unsigned char>> out;
  for (std::size_t i = 0; i < launch.args.size(); ++i) {
    std::vector<unsigned char> data;
    if (bufs.mems[i]) {
      data.resize(launch.args[i].size);
      check(clEnqueueReadBuffer(env().queue, bufs.mems[i], CL_TRUE, 0, data.size(), data.data(), 0,
                                nullptr, nullptr),
            "clEnqueueReadBuffer");
    }
    out.push_back(std::move(data));
  }
  return out;
}

std::vector<expectation> parse_expectations(const std::string& source, bool& race_free) {
  std::vector<expectation> out;
  static const std::regex line_re(
      R"(//\s*(EXPECT|EXPECT-MAYBE|EXPECT-ONE):\s*([a-z.\-]+)(\s*@\s*(\d+)(\s*,\s*(\d+))?)?)");
  std::istringstream in(source);
  std::string line;
  race_free = false;
  while (std::getline(in, line)) {
    std::smatch m;
    if (!std::regex_search(line, m, line_re)) continue;
    if (m[2] == "race-free") {
      race_free = true;
      continue;
    }
    expectation e;
    e.required = m[1] == "EXPECT";
    e.one_of = m[1] == "EXPECT-ONE";
    e.hazard_name = m[2];
    if (m[4].matched) e.line = std::stoi(m[4]);
    if (m[6].matched) e.other_line = std::stoi(m[6]);
    out.push_back(e);
  }
  return out;
}

bool matches(const expectation& e, const hazard& h) {
  if (e.hazard_name != to_string(h.kind) && e.hazard_name != rule_id(h.kind)) return false;
  if (e.line && e.line != report_line(h)) return false;
  if (e.other_line && e.other_line != h.first.line) return false;
  return true;
}

}  // namespace

int report_line(const hazard& h) {
  return h.second.line ? h.second.line : h.first.line;
}

std::string describe(const std::vector<hazard>& hazards) {
  std::string s;
  for (const auto& h : hazards)
    s += std::string(to_string(h.kind)) + " " + h.variable + " @ " +
         std::to_string(report_line(h)) + " (first " + std::to_string(h.first.line) + ") x" +
         std::to_string(h.count) + ": " + h.detail + "\n";
  return s;
}

std::string check_verdict(const case_result& r) {
  std::string problems;
  for (const auto& e : r.expected) {
    if (!e.required) continue;
    bool found = false;
    for (const auto& h : r.hazards) found = found || matches(e, h);
    if (!found) problems += "missing: " + e.hazard_name + " @ " + std::to_string(e.line) + "\n";
  }
  bool any_one_of = false, one_of_found = false;  // EXPECT-ONE: at least one
  for (const auto& e : r.expected) {
    if (!e.one_of) continue;
    any_one_of = true;
    for (const auto& h : r.hazards) one_of_found = one_of_found || matches(e, h);
  }
  if (any_one_of && !one_of_found) problems += "missing: one of the EXPECT-ONE hazards\n";
  for (const auto& h : r.hazards) {
    bool allowed = false;
    for (const auto& e : r.expected) allowed = allowed || matches(e, h);
    if (!allowed)
      problems += "unexpected: " + std::string(to_string(h.kind)) + " " + h.variable + " @ " +
                  std::to_string(report_line(h)) + "\n";
  }
  return problems;
}

case_result run_case(const std::string& sim_path) {
  case_result r;
  auto parser = sim::sim_parser::from_file(sim_path);
  sim::launch_header header = parser.read_header();
  const std::string cl_path = sim::resolve_program_path(sim_path, header.program_file);
  const std::string user = read_file(cl_path);
  r.expected = parse_expectations(user, r.race_free_expected);
  const std::string source = expand_prelude(user, cl_path);

  unsigned dims = header.global[2] > 1 ? 3 : header.global[1] > 1 ? 2 : 1;
  std::string options = "-DAMPCL_RANK=" + std::to_string(dims);
  for (unsigned d = 0; d < dims; ++d)
    options +=
        " -DAMPCL_TILE" + std::to_string(d) + "=" + std::to_string(header.local[dims - 1 - d]);

  program_handle plain;
  build(plain, source, options, header.kernel_name);
  cl_uint nargs = 0;
  clGetKernelInfo(plain.k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, nullptr);
  std::vector<sim::kernel_param> params;
  for (cl_uint i = 0; i < nargs; ++i) {
    sim::kernel_param p;
    p.name = arg_info(plain.k, i, CL_KERNEL_ARG_NAME);
    p.type_name = arg_info(plain.k, i, CL_KERNEL_ARG_TYPE_NAME);
    cl_kernel_arg_address_qualifier q = 0;
    clGetKernelArgInfo(plain.k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof q, &q, nullptr);
    p.space = q == CL_KERNEL_ARG_ADDRESS_GLOBAL     ? sim::address_space::global
              : q == CL_KERNEL_ARG_ADDRESS_CONSTANT ? sim::address_space::constant
              : q == CL_KERNEL_ARG_ADDRESS_LOCAL    ? sim::address_space::local
                                                    : sim::address_space::private_;
    p.size = sim::builtin_type_size(p.type_name);
    params.push_back(p);
  }
  sim::sim_launch launch;
  launch.header = header;
  launch.args = parser.read_arguments(params);

  launch_record rec;
  rec.kernel_name = header.kernel_name;
  rec.source = std::make_shared<const std::string>(source);
  rec.source_name = cl_path;
  rec.options = options;
  rec.work_dim = dims;
  rec.tiled = true;
  for (unsigned d = 0; d < 3; ++d) {
    rec.global[d] = header.global[d];
    rec.local[d] = header.local[d];
  }

  if (r.race_free_expected) {  // plain run, to compare; racy kernels may crash unchecked
    buffers bufs;
    launch_record ignored;
    bind_arguments(plain.k, launch, params, bufs, ignored);
    check(clEnqueueNDRangeKernel(env().queue, plain.k, dims, nullptr, header.global, header.local,
                                 0, nullptr, nullptr),
          "clEnqueueNDRangeKernel");
    r.plain_buffers = read_back(launch, bufs);
  }
  {  // checked run
    racecheck_engine engine;
    buffers bufs;
    program_handle checked;
    // bind needs a kernel: build first from the instrumented source.
    auto program = engine.instrumented(rec);
    if (!program->ok) throw std::runtime_error("instrumentation failed:\n" + program->diagnostics);
    r.instrumented_source = program->source;
    build(checked, program->source, options, header.kernel_name);
    bind_arguments(checked.k, launch, params, bufs, rec);
    // noinit buffers start uninitialized for the checker, as ampcl-racecheck's .sim
    // runner tells it (layout::uninitialized_buffers_env)
    std::string uninitialized;
    for (std::size_t i = 0; i < launch.args.size() && i < rec.args.size(); ++i) {
      if (!launch.args[i].noinit || !rec.args[i].buffer) continue;
      char handle[32];
      std::snprintf(
          handle, sizeof handle, "%llx ",
          static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(rec.args[i].buffer)));
      uninitialized += handle;
    }
    if (!uninitialized.empty()) setenv(layout::uninitialized_buffers_env, uninitialized.c_str(), 1);
    prepared_launch prepared = engine.prepare(env().context, env().queue, rec);
    unsetenv(layout::uninitialized_buffers_env);
    if (!prepared.launch)
      throw std::runtime_error("prepare failed:\n" + describe(prepared.not_checked));
    auto& rewritten = prepared.launch;
    // The shadow's placement adds -D options: the launch runs what prepare asked for.
    program_handle planned;
    build(planned, *rewritten->source, rewritten->options, header.kernel_name);
    set_args(planned.k, rec);
    for (std::size_t i = 0; i < rewritten->extra_args.size(); ++i) {
      cl_mem m = rewritten->extra_args[i].buffer;
      check(clSetKernelArg(planned.k, static_cast<cl_uint>(launch.args.size() + i), sizeof m, &m),
            "clSetKernelArg (extra)");
    }
    cl_event done = nullptr;
    check(clEnqueueNDRangeKernel(env().queue, planned.k, dims, nullptr, header.global, header.local,
                                 0, nullptr, &done),
          "clEnqueueNDRangeKernel (checked)");
    const basic_cl_handle<cl_event> owned_done(done);
    r.hazards = engine.finish(env().queue, rec, *rewritten, done);
    r.hazards.insert(r.hazards.end(), prepared.not_checked.begin(), prepared.not_checked.end());
    r.checked_buffers = read_back(launch, bufs);
  }
  return r;
}

}  // namespace ampcl::debug::testing
