#include "launch_check.hpp"

#include <algorithm>
#include <ampcl/detail/cl_handle.hpp>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>
#include <vector>

#include "checker.hpp"
#include "command_order.hpp"
#include "finisher.hpp"
#include "programs/program_builder.hpp"
#include "registry.hpp"
#include "report_sink.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::layer {

namespace {

using ampcl::detail::basic_cl_handle;
using debug::unchecked_reason;

thread_local bool skip_next = false;

// The instrumented kernel of one program on one device; the mutex keeps
// argument setting and enqueue together.
struct twin {
  std::shared_ptr<const std::string> source;  // keeps the key's text object alive
  std::once_flag built;
  basic_cl_handle<cl_program> program;
  basic_cl_handle<cl_kernel> kernel;
  std::string failure;  // why it could not be made
  std::mutex m;
};

// The kernel of the program the engine built (prepare), or, where it built none,
// of the program builder's build: never a build of the layer's own.
std::shared_ptr<twin> twin_for(cl_context context, cl_device_id device,
                               const instrumented_launch& rewritten, const std::string& name) {
  static std::mutex m;
  // By the text object: the engine hands back the same one for a kernel it
  // instrumented before (and never frees it), so a launch compares no text.
  static std::map<
      std::tuple<cl_context, cl_device_id, const std::string*, std::string, std::string>,
      std::shared_ptr<twin>>
      twins;
  std::shared_ptr<twin> t;
  {
    std::lock_guard<std::mutex> lock(m);
    auto& slot = twins[{context, device, rewritten.source.get(), rewritten.options, name}];
    if (!slot) {
      slot = std::make_shared<twin>();
      slot->source = rewritten.source;
    }
    t = slot;
  }
  std::call_once(t->built, [&] {
    cl_int err = CL_SUCCESS;
    if (rewritten.program) {
      t->program = basic_cl_handle<cl_program>::retained(rewritten.program);
    } else {
      ampcl::detail::program_request request;
      request.context = context;
      request.device = device;
      request.source = *rewritten.source;
      request.options = rewritten.options;
      request.source_name = name + " (instrumented)";
      ampcl::detail::built_program b = ampcl::detail::build_program(request);
      t->program = std::move(b.program);
      err = b.error;
      if (!b.log.empty()) t->failure = b.log;
    }
    if (err == CL_SUCCESS)
      t->kernel = basic_cl_handle<cl_kernel>(clCreateKernel(t->program.get(), name.c_str(), &err));
    if (err != CL_SUCCESS)
      t->failure =
          "OpenCL error " + std::to_string(err) + (t->failure.empty() ? "" : ":\n" + t->failure);
  });
  return t;
}

template <class T>
T device_info(cl_device_id device, cl_device_info what) {
  T v{};
  clGetDeviceInfo(device, what, sizeof v, &v, nullptr);
  return v;
}

// The work-group size the driver would choose is its own: a launch that leaves
// it open but synchronises work-groups (barriers, __local memory) is checked
// in groups the checker chooses, as the driver may: the kernel's required size,
// else the largest divisor of the first dimension the kernel allows (at most
// 256), 1 in the others.
void choose_local_size(cl_kernel kernel, cl_device_id device, launch_record& rec) {
  std::size_t required[3] = {0, 0, 0};
  clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof required,
                           required, nullptr);
  if (required[0] != 0) {
    for (unsigned d = 0; d < 3; ++d) rec.local[d] = d < rec.work_dim ? required[d] : 0;
  } else {
    std::size_t most = 256;
    std::size_t allowed = 0;
    if (clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof allowed,
                                 &allowed, nullptr) == CL_SUCCESS &&
        allowed > 0)
      most = std::min(most, allowed);
    std::size_t size = std::min(most, rec.global[0]);
    while (size > 1 && rec.global[0] % size != 0) --size;
    rec.local[0] = std::max<std::size_t>(size, 1);
    for (unsigned d = 1; d < rec.work_dim; ++d) rec.local[d] = 1;
  }
  rec.tiled = true;
}

bool synchronises_work_groups(const debug::instrument_result& r) {
  if (!r.tile_static.empty()) return true;
  return std::any_of(r.sites.begin(), r.sites.end(), [](const debug::site_info& s) {
    return s.kind == debug::access_kind::barrier;
  });
}

// What the launch looks like to the engine; a not_checked hazard instead when
// the layer cannot hand it over.
struct planned {
  launch_record rec;
  std::optional<debug::hazard> unchecked;
  bool args_missing = false;  // the driver will refuse the launch: pass it on
};

planned plan_launch(const kernel_info& k, cl_kernel kernel, cl_device_id device, cl_uint work_dim,
                    const size_t* offset, const size_t* global, const size_t* local) {
  planned out;
  launch_record& rec = out.rec;
  rec.kernel_name = k.name;
  auto refuse = [&](unchecked_reason why, const std::string& file, const std::string& detail) {
    out.unchecked = debug::not_checked(why, k.name, file, detail);
  };
  if (!k.program) {
    refuse(unchecked_reason::program_binary, "<unknown program>",
           "the kernel's program was made before the checker's layer was loaded, so its source "
           "is unknown; the kernel ran unchecked.");
    return out;
  }
  const program_info& p = *k.program;
  if (p.origin != program_origin::source) {
    refuse(unchecked_reason::program_binary,
           std::string("<program from ") + describe(p.origin) + ">",
           std::string("the kernel's program was made by ") + describe(p.origin) +
               ", so there is no OpenCL C source to instrument; it ran unchecked. Build it from "
               "source under the checker (pyopencl: ampcl-racecheck sets PYOPENCL_NO_CACHE=1; "
               "applications with a binary cache: switch it off) to check it.");
    return out;
  }
  rec.source = p.source;
  rec.source_name = source_file_for(p);
  rec.options = p.options;
  rec.work_dim = work_dim;
  for (unsigned d = 0; d < 3; ++d) {
    rec.global[d] = d < work_dim ? global[d] : 1;
    rec.local[d] = local && d < work_dim ? local[d] : 0;
  }
  rec.tiled = local != nullptr;
  for (unsigned d = 0; offset && d < work_dim; ++d)
    if (offset[d] != 0) {
      refuse(unchecked_reason::unsupported, rec.source_name,
             "the launch has a global work offset, which the shadow runtime does not follow; "
             "it ran unchecked.");
      return out;
    }
  if (const std::string why = engine().device_gap(device); !why.empty()) {
    refuse(unchecked_reason::unsupported_device, rec.source_name, why + "; it ran unchecked.");
    return out;
  }
  cl_uint params = 0;
  clGetKernelInfo(kernel, CL_KERNEL_NUM_ARGS, sizeof params, &params, nullptr);
  for (cl_uint i = 0; i < params; ++i) {
    if (i >= k.args.size() || !k.args[i].set) {
      out.args_missing = true;
      return out;
    }
    const kernel_arg& a = k.args[i];
    if (a.svm) {
      refuse(unchecked_reason::unsupported, rec.source_name,
             "argument " + std::to_string(i) +
                 " is a shared virtual memory pointer, which the checker does not follow; the "
                 "kernel ran unchecked.");
      return out;
    }
    launch_argument arg;
    if (a.local) {
      arg.what = launch_argument::kind::local_memory;
      arg.address = CL_KERNEL_ARG_ADDRESS_LOCAL;
      arg.local_bytes = a.local_bytes;
    } else if (auto b = registry::get().buffer_in(a.value)) {
      arg.what = launch_argument::kind::buffer;
      arg.address = CL_KERNEL_ARG_ADDRESS_GLOBAL;
      std::memcpy(&arg.buffer, a.value.data(), sizeof arg.buffer);
      arg.buffer_bytes = b->bytes;
    } else {
      arg.what = launch_argument::kind::scalar;
      arg.value = a.value;
    }
    rec.args.push_back(std::move(arg));
  }
  return out;
}

// Sets the twin's arguments: the application's as it set them, then the shadow's.
cl_int set_twin_args(cl_kernel twin_kernel, const kernel_info& k, const launch_record& rec,
                     const instrumented_launch& rewritten) {
  cl_uint i = 0;
  for (; i < rec.args.size(); ++i) {
    const kernel_arg& a = k.args[i];
    const cl_int err = a.local ? clSetKernelArg(twin_kernel, i, a.local_bytes, nullptr)
                               : clSetKernelArg(twin_kernel, i, a.value.size(), a.value.data());
    if (err != CL_SUCCESS) return err;
  }
  for (const launch_argument& extra : rewritten.extra_args) {
    const cl_int err = clSetKernelArg(twin_kernel, i++, sizeof(cl_mem), &extra.buffer);
    if (err != CL_SUCCESS) return err;
  }
  return CL_SUCCESS;
}

}  // namespace

void skip_next_launch_on_this_thread() {
  skip_next = true;
}

cl_int checked_enqueue(cl_command_queue queue, cl_kernel kernel, cl_uint work_dim,
                       const size_t* offset, const size_t* global, const size_t* local,
                       cl_uint num_events, const cl_event* wait_list, cl_event* event) {
  auto as_it_is = [&] {
    return clEnqueueNDRangeKernel(queue, kernel, work_dim, offset, global, local, num_events,
                                  wait_list, event);
  };
  if (skip_next) {
    skip_next = false;
    return as_it_is();
  }
  if (checking_off()) return as_it_is();
  const std::optional<kernel_info> k = registry::get().kernel(kernel);
  cl_device_id device = nullptr;
  cl_context context = nullptr;
  if (!k || !global || work_dim < 1 || work_dim > 3 ||
      clGetCommandQueueInfo(queue, CL_QUEUE_DEVICE, sizeof device, &device, nullptr) !=
          CL_SUCCESS ||
      clGetCommandQueueInfo(queue, CL_QUEUE_CONTEXT, sizeof context, &context, nullptr) !=
          CL_SUCCESS)
    return as_it_is();  // the driver says what is wrong with the call

  planned plan = plan_launch(*k, kernel, device, work_dim, offset, global, local);
  if (plan.args_missing) return as_it_is();
  if (plan.unchecked) {
    report_unchecked_once(*plan.unchecked);
    return as_it_is();
  }
  launch_record& rec = plan.rec;
  cl_command_queue own = engine().own_queue(context, device);
  if (!own) return as_it_is();
  const std::string journal = announce_launch(rec.kernel_name, rec.source_name);
  auto program = engine().instrumented(rec);
  if (program->ok && !local && synchronises_work_groups(*program))
    choose_local_size(kernel, device, rec);

  debug::prepared_launch prepared;
  try {
    prepared = engine().prepare(context, own, rec);
  } catch (const std::exception& e) {
    prepared.not_checked.push_back(debug::not_checked(
        unchecked_reason::build, rec.kernel_name, rec.source_name,
        std::string("the checker could not set up the launch's shadow state: ") + e.what()));
  }
  report(prepared.not_checked);
  if (!prepared.launch) {
    close_launch(journal);
    return as_it_is();
  }
  instrumented_launch& rewritten = *prepared.launch;
  std::shared_ptr<twin> t = twin_for(context, device, rewritten, rec.kernel_name);
  cl_int err = t->failure.empty() ? CL_SUCCESS : CL_BUILD_PROGRAM_FAILURE;
  basic_cl_handle<cl_event> done;
  if (err == CL_SUCCESS) {
    // The shadow's set-up, on the layer's queue, comes before the kernel. A launch
    // whose set-up queued nothing there (the usual case once a shadow set is in use:
    // its words zeroed by the launch before) waits for nothing of that queue (on the
    // H200 the wait cost jacobi-1d's launches 16 us each in clEnqueueNDRangeKernel).
    basic_cl_handle<cl_event> ready;
    std::vector<cl_event> waits(wait_list, wait_list + num_events);
    if (debug::racecheck_engine::setup_queued(rewritten)) {
      err = clEnqueueMarkerWithWaitList(own, 0, nullptr, ready.receive());
      waits.push_back(ready.get());
      clFlush(own);
    }
    std::lock_guard<std::mutex> lock(t->m);
    if (err == CL_SUCCESS) err = set_twin_args(t->kernel.get(), *k, rec, rewritten);
    if (err == CL_SUCCESS)
      err = clEnqueueNDRangeKernel(queue, t->kernel.get(), work_dim, nullptr, global,
                                   rec.tiled ? rec.local : nullptr,
                                   static_cast<cl_uint>(waits.size()),
                                   waits.empty() ? nullptr : waits.data(), done.receive());
  }
  if (err != CL_SUCCESS) {
    report(debug::not_checked(unchecked_reason::build, rec.kernel_name, rec.source_name,
                              "the driver did not take the instrumented kernel (OpenCL error " +
                                  std::to_string(err) +
                                  (t->failure.empty() ? "" : ", " + t->failure) +
                                  "), so it ran unchecked; this is a bug of the checker, please "
                                  "report it with the kernel."));
    close_launch(journal);
    return as_it_is();
  }
  // The application's reference (a copy of done, detached); the finisher keeps done's.
  if (event) *event = basic_cl_handle<cl_event>(done).detach();
  note_kernel_launch(queue, done.get(), *k, rec, *program);
  clFlush(queue);  // it runs while the application goes on, as it would have
  auto pending = std::make_unique<pending_launch>();
  pending->launch = std::move(rec);
  pending->rewritten = std::move(rewritten);
  pending->done = std::move(done);
  pending->readback = own;
  pending->journal_id = journal;
  finish_later(std::move(pending), queue);
  return CL_SUCCESS;
}

}  // namespace ampcl::layer
