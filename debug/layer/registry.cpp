#include "registry.hpp"

#include <cstdio>
#include <cstring>

namespace ampcl::layer {

const char* describe(program_origin o) {
  switch (o) {
    case program_origin::source:
      return "clCreateProgramWithSource";
    case program_origin::binary:
      return "clCreateProgramWithBinary";
    case program_origin::il:
      return "clCreateProgramWithIL";
    case program_origin::builtin_kernels:
      return "clCreateProgramWithBuiltInKernels";
    case program_origin::linked:
      return "clLinkProgram";
  }
  return "?";
}

std::string program_label(const std::string& source) {
  std::uint32_t h = 2166136261u;  // FNV-1a
  for (unsigned char c : source) h = (h ^ c) * 16777619u;
  char buf[24];
  std::snprintf(buf, sizeof buf, "program-%08x", h);
  return buf;
}

registry& registry::get() {
  static registry* r = new registry();  // never destroyed: callbacks may come late
  return *r;
}

void registry::add_program(cl_program p, program_info info) {
  std::lock_guard<std::mutex> lock(m_);
  programs_[p] = std::make_shared<const program_info>(std::move(info));
}

void registry::set_build_options(cl_program p, const std::string& options) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = programs_.find(p);
  if (it == programs_.end()) return;
  auto rebuilt =
      std::make_shared<program_info>(*it->second);  // kernels keep what they were made from
  rebuilt->options = options;
  it->second = std::move(rebuilt);
}

std::shared_ptr<const program_info> registry::program(cl_program p) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = programs_.find(p);
  return it == programs_.end() ? nullptr : it->second;
}

void registry::add_kernel(cl_kernel k, const std::string& name, cl_program p) {
  std::lock_guard<std::mutex> lock(m_);
  kernel_info info;
  info.name = name;
  if (auto it = programs_.find(p); it != programs_.end()) {
    info.program = it->second;
    info.context = it->second->context;
  }
  kernels_[k] = std::move(info);
}

void registry::copy_kernel(cl_kernel from, cl_kernel to) {
  std::lock_guard<std::mutex> lock(m_);
  if (auto it = kernels_.find(from); it != kernels_.end()) kernels_[to] = it->second;
}

void registry::set_arg(cl_kernel k, cl_uint index, kernel_arg arg) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = kernels_.find(k);
  if (it == kernels_.end()) return;
  auto& args = it->second.args;
  if (args.size() <= index) args.resize(index + 1);
  args[index] = std::move(arg);
}

std::optional<kernel_info> registry::kernel(cl_kernel k) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = kernels_.find(k);
  if (it == kernels_.end()) return std::nullopt;
  return it->second;
}

void registry::add_buffer(cl_mem m, buffer_info info) {
  std::uint64_t generation = 0;
  {
    std::lock_guard<std::mutex> lock(m_);
    if (!info.root) info.root = m;
    info.generation = generation = next_generation_++;
    buffers_[m] = info;
  }
  // The generation tells the callback which entry it may remove: the driver may
  // already have handed the handle out again.
  clSetMemObjectDestructorCallback(
      m, on_buffer_destroyed, reinterpret_cast<void*>(static_cast<std::uintptr_t>(generation)));
}

void CL_CALLBACK registry::on_buffer_destroyed(cl_mem m, void* generation) {
  registry& r = get();
  std::lock_guard<std::mutex> lock(r.m_);
  auto it = r.buffers_.find(m);
  if (it != r.buffers_.end() &&
      it->second.generation == reinterpret_cast<std::uintptr_t>(generation))
    r.buffers_.erase(it);
}

std::optional<buffer_info> registry::buffer(cl_mem m) {
  std::lock_guard<std::mutex> lock(m_);
  auto it = buffers_.find(m);
  if (it == buffers_.end()) return std::nullopt;
  return it->second;
}

std::optional<buffer_info> registry::buffer_in(const std::vector<unsigned char>& value) {
  if (value.size() != sizeof(cl_mem)) return std::nullopt;
  cl_mem m = nullptr;
  std::memcpy(&m, value.data(), sizeof m);
  return m ? buffer(m) : std::nullopt;
}

}  // namespace ampcl::layer
