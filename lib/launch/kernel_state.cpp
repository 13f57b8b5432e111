#include "launch/kernel_state.hpp"

#include <ampcl/errors.hpp>
#include <map>
#include <string>

namespace ampcl::detail {

kernel_launch_state::kernel_launch_state(std::shared_ptr<const compiled_kernel> k)
    : kernel(k->kernel.get()),
      compiled(std::move(k)),
      held(compiled->params.size()),
      passed(new passed_types[compiled->params.size()]) {}

void kernel_launch_state::hold_buffer(cl_uint index, cl_mem mem) {
  set(index, arg_value::handle(arg_value::kind::buffer, mem), sizeof mem, &mem);
}

void kernel_launch_state::hold_sampler(cl_uint index, cl_sampler sampler) {
  set(index, arg_value::handle(arg_value::kind::sampler, sampler), sizeof sampler, &sampler);
}

void kernel_launch_state::hold_bytes(cl_uint index, const void* data, std::size_t size) {
  set(index, arg_value::value_bytes(data, size), size, data);  // over 32 bytes: set each time
}

void kernel_launch_state::hold_local(cl_uint index, std::size_t size) {
  set(index, arg_value::local(size), size, nullptr);
}

void kernel_launch_state::set(cl_uint index, const arg_value& kept, std::size_t size,
                              const void* value) {
  if (index >= held.size()) held.resize(index + 1);  // a hook's extra arguments
  arg_value& last = held[index];
  if (kept.known() && last == kept) return;
  last = arg_value{};  // unknown until the call succeeds
  const cl_int err = clSetKernelArg(kernel, index, size, value);
  if (err != CL_SUCCESS) {
    const auto& params = compiled->params;
    const std::string what = index < params.size()
                                 ? "parameter " + std::to_string(index + 1) + " '" +
                                       params[index].type_name + " " + params[index].name + "'"
                                 : "parameter " + std::to_string(index + 1);
    throw_cl_error(err, "clSetKernelArg",
                   "for " + what + " of kernel '" + compiled->name + "' (" + std::to_string(size) +
                       " bytes passed)");
  }
  last = kept;
}

namespace {

struct state_registry {
  std::mutex m;
  std::map<const compiled_kernel*, std::unique_ptr<kernel_launch_state>> states;
  launch_counts at_reset;  // under m
};

state_registry& registry() {
  static auto* r = new state_registry();  // never destroyed: states outlive static destructors
  return *r;
}

launch_counts sum_locked(const state_registry& r) {
  launch_counts c;
  for (const auto& [ck, state] : r.states) {
    c.launches += state->launches.get();
    c.repeat_launches += state->repeat_launches.get();
    c.cache_hits += state->cache_hits.get();
  }
  return c;
}

}  // namespace

kernel_launch_state& launch_state_of(const std::shared_ptr<const compiled_kernel>& k) {
  state_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.m);
  auto& slot = r.states[k.get()];
  if (!slot) slot = std::make_unique<kernel_launch_state>(k);
  return *slot;
}

launch_counts counted_launches() {
  state_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.m);
  launch_counts c = sum_locked(r);
  c.launches -= r.at_reset.launches;
  c.repeat_launches -= r.at_reset.repeat_launches;
  c.cache_hits -= r.at_reset.cache_hits;
  return c;
}

void reset_counted_launches() {
  state_registry& r = registry();
  std::lock_guard<std::mutex> lock(r.m);
  r.at_reset = sum_locked(r);
}

}  // namespace ampcl::detail
