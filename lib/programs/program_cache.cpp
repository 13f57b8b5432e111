#include "programs/program_cache.hpp"

#include <algorithm>
#include <ampcl/errors.hpp>
#include <chrono>

#include "devices/device_state.hpp"
#include "programs/kernel_source.hpp"
#include "programs/program_builder.hpp"
#include "support/log.hpp"
#include "support/progress.hpp"
#include "support/stats_counters.hpp"

namespace ampcl::detail {

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

std::string normalize_type(std::string t) {
  // "unsigned int" -> "uint", drop qualifiers and spaces, keep '*'.
  static const std::pair<const char*, const char*> spellings[] = {{"unsigned char", "uchar"},
                                                                  {"unsigned short", "ushort"},
                                                                  {"unsigned int", "uint"},
                                                                  {"unsigned long", "ulong"},
                                                                  {"unsigned", "uint"}};
  for (const auto& [from, to] : spellings) {
    const auto at = t.find(from);
    if (at != std::string::npos) t.replace(at, std::string(from).size(), to);
  }
  for (const char* q : {"const", "volatile", "restrict", "__global", "__local", "__constant",
                        "global", "local", "constant", "struct "}) {
    std::size_t at;
    const std::string word = q;
    while ((at = t.find(word)) != std::string::npos) t.erase(at, word.size());
  }
  t.erase(std::remove(t.begin(), t.end(), ' '), t.end());
  return t;
}

std::string arg_string(cl_kernel k, cl_uint i, cl_kernel_arg_info what, cl_int* err) {
  // One call where the name fits in a buffer here, two (the size, then the text)
  // where it does not: a kernel's first launch asks this twice per parameter.
  char buf[256];
  std::size_t n = 0;
  std::string s;
  if (clGetKernelArgInfo(k, i, what, sizeof buf, buf, &n) == CL_SUCCESS && n <= sizeof buf) {
    *err = CL_SUCCESS;
    s.assign(buf, n);
  } else {
    *err = clGetKernelArgInfo(k, i, what, 0, nullptr, &n);
    if (*err != CL_SUCCESS) return {};
    s.assign(n, '\0');
    clGetKernelArgInfo(k, i, what, n, s.data(), nullptr);
  }
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

void read_params(compiled_kernel& ck) {
  cl_uint n = 0;
  check(clGetKernelInfo(ck.kernel.get(), CL_KERNEL_NUM_ARGS, sizeof n, &n, nullptr),
        "clGetKernelInfo");
  ck.params.resize(n);
  ck.arg_info = true;
  for (cl_uint i = 0; i < n; ++i) {
    cl_int err = CL_SUCCESS;
    auto& p = ck.params[i];
    p.name = arg_string(ck.kernel.get(), i, CL_KERNEL_ARG_NAME, &err);
    if (err != CL_SUCCESS) {
      ck.arg_info = false;  // driver keeps no argument info: count checks only
      continue;
    }
    p.type_name = normalize_type(arg_string(ck.kernel.get(), i, CL_KERNEL_ARG_TYPE_NAME, &err));
    clGetKernelArgInfo(ck.kernel.get(), i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof p.address,
                       &p.address, nullptr);
    cl_kernel_arg_type_qualifier q = 0;
    clGetKernelArgInfo(ck.kernel.get(), i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof q, &q, nullptr);
    p.pointee_const =
        (q & CL_KERNEL_ARG_TYPE_CONST) != 0 || p.address == CL_KERNEL_ARG_ADDRESS_CONSTANT;
    const auto star = p.type_name.find('*');
    p.is_pointer = star != std::string::npos;
    p.pointee = p.is_pointer ? p.type_name.substr(0, star) : p.type_name;
    p.is_shape = p.type_name == "ampcl_view";
    p.is_image = p.type_name.rfind("image", 0) == 0;
    // Only images have an access qualifier (other parameters say NONE, the default).
    if (p.is_image)
      clGetKernelArgInfo(ck.kernel.get(), i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof p.access,
                         &p.access, nullptr);
    p.image_rank = p.type_name == "image1d_t"   ? 1
                   : p.type_name == "image2d_t" ? 2
                   : p.type_name == "image3d_t" ? 3
                                                : 0;
    p.is_sampler = p.type_name == "sampler_t";
  }
}

std::string kernel_names(cl_program p) {
  std::size_t n = 0;
  if (clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 0, nullptr, &n) != CL_SUCCESS) return "?";
  std::string s(n, '\0');
  clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, n, s.data(), nullptr);
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s.empty() ? "none" : s;
}

}  // namespace

std::shared_ptr<program_cache::program_entry> program_cache::program_for(
    device_state& dev, const std::string& source, const std::string& key_text,
    const std::string& source_name, const std::string& options, cl_program prebuilt) {
  std::shared_ptr<program_entry> e;
  bool fresh = false;
  {
    std::lock_guard<std::mutex> lock(m_);
    auto& slot = programs_[options + '\0' + source];
    if (!slot) {
      slot = std::make_shared<program_entry>();
      fresh = true;
    }
    e = slot;
  }
  if (!fresh) ++global_counters().program_cache_hits;
  std::call_once(e->built, [&] {
    if (prebuilt) {  // a launch hook built it for this context (adopted: not a build of ours)
      e->program = cl_handle<cl_program>::retained(prebuilt);
      return;
    }
    // Shown on a terminal only, and only for builds that take over a second.
    progress_line progress("building " + source_name + " for " + dev.info.name,
                           std::chrono::seconds(1));
    program_request request;
    request.context = dev.context();
    request.device = dev.device;
    request.source = source;
    request.options = options;
    request.source_name = source_name;
    request.key_text = key_text;
    static const char* const prelude = embedded_kernel("ampcl.clh");
    request.prelude = prelude ? prelude : "";
    const device_identity id{dev.info.platform_name, dev.info.name, dev.info.version,
                             dev.info.driver_version};
    request.identity = &id;
    built_program built = build_program(request);
    finish_queues_before_driver_exit();
    progress.finish();
    ++(built.from_disk ? global_counters().programs_loaded_from_disk
                       : global_counters().programs_built);
    if (built.program) {
      e->program = cl_handle<cl_program>(built.program.detach());
      return;
    }
    const cl_int err = built.error;
    if (built.failed_call != std::string("clBuildProgram"))
      check(err, built.failed_call, "for " + source_name);  // throws
    e->log = map_build_log(built.log, source);
    if (err == CL_BUILD_PROGRAM_FAILURE || err == CL_INVALID_BUILD_OPTIONS) {
      e->error =
          "kernel source '" + source_name + "' failed to compile for " + dev.info.name +
          (err == CL_INVALID_BUILD_OPTIONS ? " (invalid build options: " + built.options + ")"
                                           : "") +
          ". Fix the kernel at the positions below:\n" + e->log;
    } else {
      // Drivers also fail builds with codes of their own (NVIDIA: -9999 when its
      // compiler gives up); the log is still the best clue there is.
      e->error = "kernel source '" + source_name + "' failed to build for " + dev.info.name +
                 " with " + cl_error_name(err) + " (" + std::to_string(err) + ")" +
                 (err == -9999 ? ", NVIDIA's code for an internal compiler failure: simplify "
                                 "the construct the log points at"
                               : "") +
                 (e->log.empty() ? "; the driver gave no build log" : ". Build log:\n" + e->log);
    }
  });
  if (!e->error.empty()) throw build_error(e->error, e->log);
  return e;
}

std::shared_ptr<compiled_kernel> program_cache::kernel_for(
    device_state& dev, const std::shared_ptr<program_entry>& program,
    const std::string& source_name, const std::string& name) {
  std::lock_guard<std::mutex> lock(m_);
  auto& slot = kernels_[{program.get(), name}];
  if (slot) return slot;
  const auto start = std::chrono::steady_clock::now();
  auto ck = std::make_shared<compiled_kernel>();
  ck->program = program->program;
  ck->name = name;
  ck->source_name = source_name;
  cl_int err = CL_SUCCESS;
  ck->kernel = cl_handle<cl_kernel>(clCreateKernel(program->program.get(), name.c_str(), &err));
  if (err == CL_INVALID_KERNEL_NAME)
    throw runtime_exception("no __kernel named '" + name + "' in " + source_name +
                                "; it defines: " + kernel_names(program->program.get()),
                            err);
  check(err, "clCreateKernel", "for kernel '" + name + "'");
  read_params(*ck);
  clGetKernelWorkGroupInfo(ck->kernel.get(), dev.device, CL_KERNEL_WORK_GROUP_SIZE,
                           sizeof ck->max_work_group, &ck->max_work_group, nullptr);
  clGetKernelWorkGroupInfo(ck->kernel.get(), dev.device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE,
                           sizeof ck->compiled_tile, ck->compiled_tile, nullptr);
  clGetKernelWorkGroupInfo(ck->kernel.get(), dev.device, CL_KERNEL_LOCAL_MEM_SIZE,
                           sizeof ck->static_local_bytes, &ck->static_local_bytes, nullptr);
  log(log_level::info, "kernel '", name, "' of ", source_name, " created in ", ms_since(start),
      " ms (clCreateKernel, argument info, work-group limits)");
  slot = ck;
  return ck;
}

std::shared_ptr<compiled_kernel> program_cache::get(
    device_state& dev, const std::shared_ptr<const kernel_source>& source,
    const std::string& options, const std::string& name) {
  // Repeat launches of one kernel object never get here (its compiled variants
  // answer them), so nothing is kept per kernel_source: a loop of from_source calls
  // on the same text finds the program by text and grows nothing.
  std::string opts = options;
  if (!source->include_dir.empty() && source->include_dir.find(' ') == std::string::npos)
    opts += " -I" + source->include_dir;
  return kernel_for(dev,
                    program_for(dev, source->text, source->key_text, source->name, opts, nullptr),
                    source->name, name);
}

std::shared_ptr<compiled_kernel> program_cache::get(device_state& dev, const std::string& source,
                                                    const std::string& source_name,
                                                    const std::string& options,
                                                    const std::string& name, cl_program prebuilt) {
  // A program built for another context cannot make this context's kernels.
  cl_context owner = nullptr;
  if (prebuilt && (clGetProgramInfo(prebuilt, CL_PROGRAM_CONTEXT, sizeof owner, &owner, nullptr) !=
                       CL_SUCCESS ||
                   owner != dev.context()))
    prebuilt = nullptr;
  return kernel_for(dev, program_for(dev, source, {}, source_name, options, prebuilt), source_name,
                    name);
}

}  // namespace ampcl::detail
