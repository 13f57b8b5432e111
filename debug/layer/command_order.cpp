#include "command_order.hpp"

#include <dlfcn.h>
#include <execinfo.h>

#include <algorithm>
#include <ampcl/detail/cl_handle.hpp>
#include <atomic>
#include <cctype>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <tuple>

#include "report_sink.hpp"

namespace ampcl::layer {

namespace {

using ampcl::detail::basic_cl_handle;

std::atomic<std::uint64_t> next_seq{1};

bool in_order(cl_command_queue q) {
  cl_command_queue_properties p = 0;
  clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof p, &p, nullptr);
  return (p & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) == 0;
}

// A command the layer saw enqueued, for the events in later wait lists.
struct command_node {
  std::uint64_t seq = 0;
  cl_command_queue queue = nullptr;
  bool in_order = true;
  bool waits_for_all = false;
  std::vector<cl_event> waits;
  basic_cl_handle<cl_event> event;  // held, so the handle names this command
};

// A kernel launch the host has not waited for yet, and the buffers it uses.
struct kernel_run {
  std::uint64_t seq = 0;
  cl_command_queue queue = nullptr;
  bool in_order = true;
  cl_event done = nullptr;  // its node holds the reference
  std::string kernel;
  struct use {
    cl_mem root = nullptr;
    std::size_t lo = 0, hi = 0;
    bool reads = false, writes = false;
    std::string param;
    debug::source_site declared;  // the parameter in the kernel's signature
  };
  std::vector<use> uses;
};

constexpr std::size_t kept_nodes = 4096;  // older events count as unknown (ordering all)
constexpr std::size_t kept_runs = 1024;
constexpr int follow_depth = 16;

struct order_state {
  std::mutex m;
  std::map<cl_event, std::shared_ptr<command_node>> nodes;
  std::deque<cl_event> node_order;
  std::deque<kernel_run> runs;
  std::map<cl_command_queue, std::uint64_t> last_barrier;  // seq of the latest wait-for-all
  std::set<std::tuple<std::string, std::string, std::string>> reported;
};

order_state& state() {
  static auto* s = new order_state();
  return *s;
}

// Does the command behind `e` come after `k`? Unknown events: yes.
bool follows(order_state& s, cl_event e, const kernel_run& k, int depth) {
  if (e == k.done) return true;
  auto it = s.nodes.find(e);
  if (it == s.nodes.end() || depth <= 0) return true;
  const command_node& n = *it->second;
  if (n.seq < k.seq) return false;
  if (n.queue == k.queue && (k.in_order || n.waits_for_all)) return true;
  return std::any_of(n.waits.begin(), n.waits.end(),
                     [&](cl_event w) { return follows(s, w, k, depth - 1); });
}

bool ordered_after(order_state& s, cl_command_queue queue, cl_uint num_events,
                   const cl_event* wait_list, const kernel_run& k) {
  if (queue == k.queue && k.in_order) return true;
  if (queue == k.queue) {
    auto b = s.last_barrier.find(queue);
    if (b != s.last_barrier.end() && b->second > k.seq) return true;
  }
  for (cl_uint i = 0; i < num_events; ++i)
    if (follows(s, wait_list[i], k, follow_depth)) return true;
  return false;
}

void forget_runs_if(order_state& s, const std::function<bool(const kernel_run&)>& done) {
  s.runs.erase(std::remove_if(s.runs.begin(), s.runs.end(), done), s.runs.end());
}

// The application's code that made the call: the first frame outside the layer
// and the loader, as "symbol+0x1f (libfoo.so)" or "program+0x1234".
std::string caller() {
  void* frames[24];
  const int n = backtrace(frames, 24);
  Dl_info self{};
  dladdr(reinterpret_cast<void*>(&caller), &self);
  for (int i = 1; i < n; ++i) {
    Dl_info info{};
    if (!dladdr(frames[i], &info) || !info.dli_fname) continue;
    const std::string file = info.dli_fname;
    if (info.dli_fbase == self.dli_fbase || file.find("libOpenCL") != std::string::npos) continue;
    const auto addr = reinterpret_cast<std::uintptr_t>(frames[i]) - 1;
    const std::string base = file.substr(file.find_last_of('/') + 1);
    char offset[32];
    if (info.dli_sname) {
      std::snprintf(
          offset, sizeof offset, "+0x%zx",
          static_cast<std::size_t>(addr - reinterpret_cast<std::uintptr_t>(info.dli_saddr)));
      return info.dli_sname + std::string(offset) + " (" + base + ")";
    }
    std::snprintf(
        offset, sizeof offset, "+0x%zx",
        static_cast<std::size_t>(addr - reinterpret_cast<std::uintptr_t>(info.dli_fbase)));
    return base + offset;
  }
  return "an unknown place";
}

// Where parameter `param` of kernel `name` is declared in the program's source
// (line 0 when it cannot be found): host/device hazards point there.
debug::source_site param_site(const std::string& source, const std::string& name,
                              const std::string& param) {
  debug::source_site site;
  auto word_at = [&](std::size_t at, const std::string& w) {
    const auto ident = [&](std::size_t i) {
      return i < source.size() &&
             (std::isalnum(static_cast<unsigned char>(source[i])) || source[i] == '_');
    };
    return source.compare(at, w.size(), w) == 0 && (at == 0 || !ident(at - 1)) &&
           !ident(at + w.size());
  };
  for (std::size_t at = source.find(name); at != std::string::npos;
       at = source.find(name, at + 1)) {
    const std::size_t open = source.find_first_not_of(" \t\r\n", at + name.size());
    if (!word_at(at, name) || open == std::string::npos || source[open] != '(') continue;
    const std::size_t line_start = source.rfind('\n', at) + 1;  // npos + 1 == 0
    if (source.substr(line_start, at - line_start).find("kernel") == std::string::npos) continue;
    const std::size_t close = source.find(')', open);
    std::size_t p = open;
    while ((p = source.find(param, p + 1)) != std::string::npos && p < close &&
           !word_at(p, param)) {
    }
    const std::size_t where = p < close ? p : at;
    site.line = 1 + static_cast<int>(std::count(source.begin(),
                                                source.begin() + static_cast<long>(where), '\n'));
    site.column = static_cast<int>(where - (source.rfind('\n', where) + 1)) + 1;
    return site;
  }
  return site;
}

// Which parameters the kernel writes and reads, as far as its accesses name them;
// accesses through other pointers may touch any parameter.
void note_accesses(const debug::instrument_result& program, const std::string& param, bool& reads,
                   bool& writes) {
  std::set<std::string> params;
  for (const auto& g : program.globals) params.insert(g.name);
  for (const debug::site_info& s : program.sites) {
    if (s.space != debug::memory_space::global) continue;
    const bool named = s.variable == param;
    if (!named && params.count(s.variable)) continue;  // another parameter's
    using k = debug::access_kind;
    if (s.kind == k::read || s.kind == k::read_write || s.kind == k::atomic) reads = true;
    if (s.kind == k::write || s.kind == k::read_write || s.kind == k::atomic) writes = true;
  }
}

// Remembers a command's event; the oldest are forgotten (unknown: ordering all),
// but never a pending kernel's own.
void keep_node(order_state& s, cl_event e, std::shared_ptr<command_node> node) {
  s.nodes[e] = std::move(node);
  s.node_order.push_back(e);
  while (s.node_order.size() > kept_nodes) {
    const cl_event old = s.node_order.front();
    s.node_order.pop_front();
    if (std::none_of(s.runs.begin(), s.runs.end(),
                     [&](const kernel_run& r) { return r.done == old; }))
      s.nodes.erase(old);
  }
}

std::string command_words(const char* call, const buffer_use& u) {
  std::string s = call;
  if (u.writes && u.reads) return s + " reads and writes";
  return s + (u.writes ? " writes" : " reads");
}

}  // namespace

void note_kernel_launch(cl_command_queue queue, cl_event done, const kernel_info& kernel,
                        const launch_record& launch, const debug::instrument_result& program) {
  kernel_run run;
  run.seq = next_seq++;
  run.queue = queue;
  run.in_order = in_order(queue);
  run.done = done;
  run.kernel = kernel.name;
  for (std::size_t i = 0; i < launch.args.size(); ++i) {
    const launch_argument& a = launch.args[i];
    if (a.what != launch_argument::kind::buffer) continue;
    auto info = registry::get().buffer(a.buffer);
    if (!info) continue;
    kernel_run::use u;
    u.root = info->root;
    u.lo = info->offset;
    u.hi = info->offset + info->bytes;
    u.param = "argument " + std::to_string(i);
    bool read_only = false;
    for (const auto& g : program.globals)
      if (g.param_index == static_cast<int>(i)) {
        u.param = g.name;
        read_only = g.is_const;
      }
    note_accesses(program, u.param, u.reads, u.writes);
    if (read_only) u.writes = false;
    if (kernel.program) u.declared = param_site(*kernel.program->source, kernel.name, u.param);
    u.declared.file = launch.source_name;
    if (u.reads || u.writes) run.uses.push_back(std::move(u));
  }
  order_state& s = state();
  std::lock_guard<std::mutex> lock(s.m);
  auto node = std::make_shared<command_node>();
  node->seq = run.seq;
  node->queue = queue;
  node->in_order = run.in_order;
  node->event = basic_cl_handle<cl_event>::retained(done);
  if (!run.uses.empty()) s.runs.push_back(std::move(run));
  while (s.runs.size() > kept_runs) s.runs.pop_front();
  keep_node(s, done, std::move(node));
}

void check_memory_command(const char* call, cl_command_queue queue,
                          const std::vector<buffer_use>& uses, cl_uint num_events,
                          const cl_event* wait_list) {
  std::vector<debug::hazard> found;
  {
    order_state& s = state();
    std::lock_guard<std::mutex> lock(s.m);
    if (s.runs.empty()) return;
    for (const buffer_use& u : uses) {
      auto info = registry::get().buffer(u.mem);
      if (!info) continue;
      const std::size_t lo = info->offset + u.offset;
      const std::size_t hi = u.bytes ? lo + u.bytes : info->offset + info->bytes;
      for (const kernel_run& k : s.runs) {
        for (const kernel_run::use& ku : k.uses) {
          const bool conflict = ku.root == info->root && lo < ku.hi && ku.lo < hi &&
                                ((ku.writes && (u.reads || u.writes)) || (ku.reads && u.writes));
          if (!conflict || ordered_after(s, queue, num_events, wait_list, k)) continue;
          if (!s.reported.emplace(k.kernel, ku.param, call).second) continue;
          debug::hazard h;
          h.kind = debug::hazard_class::host_device_race;
          h.kernel = k.kernel;
          h.variable = ku.param;
          h.memory = "global";
          h.first = ku.declared;
          h.first.access = ku.writes ? "write" : "read";
          const char* kernel_does = ku.writes ? "writing" : "reading";
          h.detail = command_words(call, u) + " the buffer of argument '" + ku.param + "' (at " +
                     caller() + ") while kernel '" + k.kernel + "' may still be " + kernel_does +
                     " it: the command is not ordered after "
                     "the launch (" +
                     (queue == k.queue ? "the queue is out of order" : "it is on another queue") +
                     ", no event in its wait list follows the launch, and the host did not wait "
                     "for it). Put the launch's event in the command's wait list, or wait for it "
                     "(clFinish, clWaitForEvents) first.";
          found.push_back(std::move(h));
        }
      }
    }
  }
  report(found);
}

void note_command(cl_command_queue queue, cl_event event, cl_uint num_events,
                  const cl_event* wait_list, bool waits_for_all, bool blocked) {
  order_state& s = state();
  std::lock_guard<std::mutex> lock(s.m);
  const std::uint64_t seq = next_seq++;
  if (waits_for_all) s.last_barrier[queue] = seq;
  if (blocked) {
    // Whatever this command was ordered after has completed, as far as the host knows.
    forget_runs_if(s, [&](const kernel_run& k) {
      return k.seq < seq && (waits_for_all || ordered_after(s, queue, num_events, wait_list, k));
    });
  }
  if (!event) return;
  auto node = std::make_shared<command_node>();
  node->seq = seq;
  node->queue = queue;
  node->in_order = in_order(queue);
  node->waits_for_all = waits_for_all;
  node->waits.assign(wait_list, wait_list + num_events);
  node->event = basic_cl_handle<cl_event>::retained(event);
  keep_node(s, event, std::move(node));
}

void note_queue_finished(cl_command_queue queue) {
  order_state& s = state();
  std::lock_guard<std::mutex> lock(s.m);
  const std::uint64_t now = next_seq.load();
  forget_runs_if(s, [&](const kernel_run& k) { return k.queue == queue && k.seq < now; });
}

void note_events_waited(cl_uint num_events, const cl_event* events) {
  order_state& s = state();
  std::lock_guard<std::mutex> lock(s.m);
  forget_runs_if(s, [&](const kernel_run& k) {
    for (cl_uint i = 0; i < num_events; ++i)
      if (follows(s, events[i], k, follow_depth)) return true;
    return false;
  });
}

}  // namespace ampcl::layer
