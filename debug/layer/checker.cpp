#include "checker.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <utility>

#include "report_sink.hpp"

namespace ampcl::layer {

debug::racecheck_engine& engine() {
  static debug::racecheck_engine* e = [] {
    auto* made = new debug::racecheck_engine();  // lives as long as its pending launches
    made->set_give_up([](const debug::hazard& h) { give_up(h); });
    return made;
  }();
  return *e;
}

cl_command_queue own_queue(cl_context context, cl_device_id device) {
  static std::mutex m;
  static std::map<std::pair<cl_context, cl_device_id>, cl_command_queue> queues;
  std::lock_guard<std::mutex> lock(m);
  cl_command_queue& q = queues[{context, device}];
  if (!q) {
    cl_int err = CL_SUCCESS;
    q = clCreateCommandQueue(context, device, 0, &err);  // keeps the context alive too
    if (err != CL_SUCCESS) q = nullptr;
  }
  return q;
}

void give_up(const debug::hazard& h) {
  report(h);
  debug::end_process_gave_up(h);
}

}  // namespace ampcl::layer
