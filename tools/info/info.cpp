// ampcl-info: every OpenCL device as ampcl sees it, like `clinfo -l` or `sycl-ls`.
//   ampcl-info          one block per device, the default marked
//   ampcl-info --json   the same as JSON
#include <ampcl/accelerator.hpp>
#include <ampcl/errors.hpp>

#include <cstdio>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

namespace {

std::string json_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
      continue;
    }
    out += c;
  }
  return out;
}

std::string human_bytes(double bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (bytes >= 1024 && u < 4) {
    bytes /= 1024;
    ++u;
  }
  std::ostringstream s;
  s.precision(bytes < 10 ? 2 : 3);
  s << bytes << ' ' << units[u];
  return s.str();
}

const char* kind(const ampcl::accelerator& a) {
  return a.is_gpu() ? "gpu" : a.is_cpu() ? "cpu" : "accelerator";
}

std::string tile_extent(const ampcl::accelerator& a, const char* separator = "x") {
  std::string s;
  for (auto d : a.get_max_tile_extent()) s += (s.empty() ? "" : separator) + std::to_string(d);
  return s;
}

void print_text(const std::vector<ampcl::accelerator>& all, const ampcl::accelerator* def,
                const std::string& reason) {
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& a = all[i];
    const bool is_default = def && *def == a;
    std::cout << '[' << i << "] " << a.get_opencl_path() << "  " << a.get_platform_name()
              << " / " << a.get_device_name() << "  (" << kind(a) << ")"
              << (is_default ? "  <- default: " + reason : "") << '\n'
              << "    compute units " << a.get_compute_units() << ", memory "
              << human_bytes(a.get_dedicated_memory() * 1024.0) << ", tile_static "
              << human_bytes(static_cast<double>(a.get_tile_static_memory_size()))
              << ", max tile " << a.get_max_tile_size() << " (" << tile_extent(a) << ")\n"
              << "    fp64 " << (a.get_supports_double_precision() ? "yes" : "no") << ", images "
              << (a.get_supports_images() ? "yes" : "no") << ", cpu shared memory "
              << (a.get_supports_cpu_shared_memory() ? "yes" : "no") << ", " << a.get_version_string()
              << ", driver " << a.get_driver_version() << '\n';
  }
  if (all.empty())
    std::cout << "no OpenCL devices: install a driver (scripts/setup.sh installs PoCL) and check "
                 "/etc/OpenCL/vendors\n";
  // No default (AMPCL_DEVICE matching nothing): say why, not just the list.
  if (!def && !all.empty()) std::cerr << "ampcl-info: no default device: " << reason << '\n';
}

void print_json(const std::vector<ampcl::accelerator>& all, const ampcl::accelerator* def,
                const std::string& reason) {
  std::cout << "{\n  \"default_reason\": \"" << json_escape(reason) << "\",\n  \"devices\": [";
  for (std::size_t i = 0; i < all.size(); ++i) {
    const auto& a = all[i];
    std::cout << (i ? "," : "") << "\n    {\"index\": " << i << ", \"path\": \""
              << a.get_opencl_path() << "\", \"platform\": \"" << json_escape(a.get_platform_name())
              << "\", \"device\": \"" << json_escape(a.get_device_name()) << "\", \"type\": \""
              << kind(a) << "\", \"compute_units\": " << a.get_compute_units()
              << ", \"memory_bytes\": " << a.get_dedicated_memory() * 1024
              << ", \"tile_static_bytes\": " << a.get_tile_static_memory_size()
              << ", \"max_tile_size\": " << a.get_max_tile_size() << ", \"max_tile_extent\": ["
              << tile_extent(a, ", ")
              << "], \"fp64\": " << (a.get_supports_double_precision() ? "true" : "false")
              << ", \"images\": " << (a.get_supports_images() ? "true" : "false")
              << ", \"cpu_shared_memory\": "
              << (a.get_supports_cpu_shared_memory() ? "true" : "false") << ", \"version\": \""
              << json_escape(a.get_version_string()) << "\", \"driver_version\": \""
              << json_escape(a.get_driver_version())
              << "\", \"default\": " << (def && *def == a ? "true" : "false") << "}";
  }
  std::cout << "\n  ]\n}\n";
}

}  // namespace

int main(int argc, char** argv) {
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      json = true;
    } else if (arg == "-h" || arg == "--help") {
      std::cout << "usage: ampcl-info [--json]\n"
                   "Lists every OpenCL device. AMPCL_DEVICE picks the default: an index, a path\n"
                   "(opencl:P:D), gpu/cpu/accelerator, or part of a platform or device name.\n";
      return 0;
    } else {
      std::cerr << "ampcl-info: unknown option '" << arg << "' (try --help)\n";
      return 2;
    }
  }
  const auto all = ampcl::opencl_devices();
  std::string reason;
  std::unique_ptr<ampcl::accelerator> def;
  try {
    def = std::make_unique<ampcl::accelerator>();
    reason = ampcl::accelerator::default_reason();
  } catch (const ampcl::runtime_exception& e) {
    reason = std::string("none: ") + e.what();
  }
  if (json)
    print_json(all, def.get(), reason);
  else
    print_text(all, def.get(), reason);
  return def ? 0 : 1;
}
