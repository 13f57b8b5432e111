// The kernels ampcl-c++ translated, registered by each translation unit at
// start-up, found by parallel_for_each through the functor's type, launched
// through ampcl's own launch (program cache, argument checks, debug mode).
#include <ampcl/concurrency/exceptions.h>
#include <ampcl/concurrency/kernel_registry.h>
#include <ampcl/concurrency/view_core.h>

#include <ampcl/detail/image_storage.hpp>
#include <ampcl/detail/sampler_state.hpp>
#include <ampcl/errors.hpp>
#include <ampcl/kernel.hpp>
#include <ampcl/parallel_for_each.hpp>

#include <cxxabi.h>

#include <array>
#include <cstdlib>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace Concurrency {
namespace __ampcl {

class kernel_handle {
 public:
  kernel_handle(const kernel_desc& d)
      : desc(d), kernel(ampcl::kernel::from_source(d.source, d.kernel_name, d.source_name)) {}
  const kernel_desc& desc;
  ampcl::kernel kernel;
};

namespace {

struct registry {
  std::mutex m;
  std::vector<const kernel_desc*> kernels;
  std::map<std::string, std::unique_ptr<kernel_handle>> found;
};

registry& kernels() {
  static registry r;
  return r;
}

std::string readable(const char* mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  return out;
}

bool same(const char* a, const char* b) { return std::string(a) == b; }

// C++ AMP runs no kernel on the CPU accelerator: its arrays are for staging, and a
// launch on its view, or without a view on arrays that live there, throws.
void check_not_cpu_accelerator(const ampcl::accelerator_view& view) {
  if (!view.is_cpu_accelerator_view()) return;
  throw ampcl::runtime_exception(
      "concurrency::parallel_for_each is not supported on the selected accelerator \"CPU "
      "accelerator\". Its arrays are staging arrays: copy them to arrays on a device's "
      "accelerator_view (accelerator().default_view) and launch there",
      E_INVALIDARG);
}

}  // namespace

void register_kernels(const kernel_desc* k, std::size_t count) {
  registry& r = kernels();
  std::lock_guard<std::mutex> lock(r.m);
  for (std::size_t i = 0; i < count; ++i) r.kernels.push_back(&k[i]);
}

const kernel_handle& find_kernel(const std::type_info& functor, const char* entry,
                                 std::size_t functor_size) {
  registry& r = kernels();
  const std::string key = std::string(functor.name()) + "|" + entry;
  std::lock_guard<std::mutex> lock(r.m);
  if (auto it = r.found.find(key); it != r.found.end()) return *it->second;
  for (const kernel_desc* d : r.kernels) {
    if (!same(d->functor, functor.name()) || !same(d->entry, entry)) continue;
    if (d->functor_size != functor_size)
      throw ampcl::runtime_exception(
          "parallel_for_each: the kernel for " + readable(functor.name()) +
          " was translated for a functor of " + std::to_string(d->functor_size) +
          " bytes, but this program's is " + std::to_string(functor_size) +
          " bytes: compile the translation unit and its headers with the same ampcl-c++ and "
          "the same flags");
    auto h = std::make_unique<kernel_handle>(*d);
    return *(r.found[key] = std::move(h));
  }
  throw ampcl::runtime_exception(
      "parallel_for_each: no kernel was translated for " + readable(functor.name()) + " (" +
      entry +
      "): compile the source file that calls parallel_for_each with ampcl-c++, which "
      "translates its restrict(amp) code; objects from another compiler carry no kernels");
}

void launch(const kernel_handle& k, const ampcl::accelerator_view* view, const void* const* args,
            int rank, const int* ext, const int* tile) {
  const kernel_desc& d = k.desc;
  std::array<ampcl::detail::bound_arg, 48> on_stack;
  std::vector<ampcl::detail::bound_arg> on_heap;
  ampcl::detail::bound_arg* bound = on_stack.data();
  if (d.param_count > on_stack.size()) {
    on_heap.resize(d.param_count);
    bound = on_heap.data();
  }
  std::optional<ampcl::accelerator_view> array_view_home;
  for (unsigned i = 0; i < d.param_count; ++i) {
    const kernel_param& p = d.params[i];
    const char* at = static_cast<const char*>(args[p.arg]);
    for (unsigned s = 0; s < p.path_len; ++s) {
      at += p.path[s].offset;
      if (p.path[s].deref) at = *reinterpret_cast<const char* const*>(at);
    }
    if (p.kind == kernel_param::image_read || p.kind == kernel_param::image_write) {
      // graphics.h's image_handle: a pointer to the texture's shared_ptr first.
      const auto* image =
          *reinterpret_cast<const std::shared_ptr<ampcl::detail::image_storage>* const*>(at);
      if (!image || !*image)
        throw ampcl::runtime_exception("parallel_for_each: kernel " + std::string(d.kernel_name) +
                                       " uses a texture that has no image");
      bound[i] = ampcl::detail::bind_image(
          **image, static_cast<int>(p.size),
          p.kind == kernel_param::image_read ? ampcl::detail::image_access::read_only
                                             : ampcl::detail::image_access::write_only,
          p.kind == kernel_param::image_read ? "a texture it reads" : "a texture it writes");
      if (!view && !array_view_home) array_view_home = ampcl::detail::image_view(**image);
    } else if (p.kind == kernel_param::sampler) {
      // graphics.h's sampler_handle: a pointer to the sampler's shared_ptr first.
      const auto* s =
          *reinterpret_cast<const std::shared_ptr<const ampcl::detail::sampler_state>* const*>(at);
      if (!s || !*s)
        throw ampcl::runtime_exception("parallel_for_each: kernel " + std::string(d.kernel_name) +
                                       " uses a sampler that was never made");
      bound[i] = ampcl::detail::bind_sampler(**s);
    } else if (p.kind == kernel_param::view) {
      const auto& core = *reinterpret_cast<const core_handle*>(at + p.size);
      if (!core)
        throw ampcl::runtime_exception("parallel_for_each: kernel " + std::string(d.kernel_name) +
                                       " uses an array_view that was never given data");
      bound[i] = core->bind();
      if (!view && !array_view_home && core->is_array()) array_view_home = core->source_view();
    } else {
      bound[i] = ampcl::detail::bound_arg();
      bound[i].what = ampcl::detail::bound_arg::kind::scalar;
      bound[i].value = at;
      bound[i].size = p.size;
    }
  }
  if (!view) view = array_view_home ? &*array_view_home : nullptr;
  if (view) {
    check_not_cpu_accelerator(*view);
    ampcl::detail::launch(*view, k.kernel, rank, ext, tile, bound, d.param_count);
  } else {
    const ampcl::accelerator_view v = ampcl::detail::default_launch_view();
    ampcl::detail::launch(v, k.kernel, rank, ext, tile, bound, d.param_count);
  }
}

}  // namespace __ampcl
}  // namespace Concurrency
