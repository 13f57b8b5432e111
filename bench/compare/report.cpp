#include "report.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace bench {

namespace {

// The value of (figure, impl, size) on `device`; -1 when not measured.
double find(const std::vector<row>& rows, const std::string& device, const std::string& figure,
            const std::string& impl, double size) {
  for (const auto& r : rows)
    if (r.device == device && r.figure == figure && r.impl == impl && (size < 0 || r.size == size))
      return r.value;
  return -1;
}

double largest_size(const std::vector<row>& rows, const std::string& device,
                    const std::string& figure, const std::string& impl) {
  double s = -1;
  for (const auto& r : rows)
    if (r.device == device && r.figure == figure && r.impl == impl) s = std::max(s, r.size);
  return s;
}

double json_number(const std::string& text, const std::string& key) {
  std::smatch m;
  if (std::regex_search(text, m, std::regex("\"" + key + "\"\\s*:\\s*([-0-9.eE+]+)")))
    return std::stod(m[1]);
  return -1;
}

// a / b, or -1 when either was not measured.
double ratio(double a, double b) {
  return a > 0 && b > 0 ? a / b : -1;
}

void target(const char* what, double have, double want, const char* unit, bool higher_is_better,
            const std::string& how) {
  if (have < 0) {
    std::printf("  %-58s %s\n", what, "not measured");
    return;
  }
  const bool pass = higher_is_better ? have >= want : have <= want;
  std::printf("  %-58s %9s %-8s target %s%-8s %s   (%s)\n", what, fmt(have).c_str(), unit,
              higher_is_better ? ">=" : "<=", fmt(want).c_str(), pass ? "PASS" : "MISS",
              how.c_str());
}

}  // namespace

void add_torch_rows(const std::string& json_path, const std::string& device,
                    std::vector<row>& rows) {
  std::ifstream f(json_path);
  if (!f) return;
  std::stringstream ss;
  ss << f.rdbuf();
  const std::string text = ss.str();
  auto add = [&](const char* figure, double size, double v, const char* unit) {
    if (v > 0) rows.push_back({device, figure, "torch", size, v, unit, "torch"});
  };
  add("copy", json_number(text, "copy_elements"), json_number(text, "copy_tbps"), "TB/s");
  add("tile_average_16x16", json_number(text, "avg_pool_elements"),
      json_number(text, "avg_pool2d_tbps"), "TB/s");
  for (int n : {1024, 2048, 4096, 8192})
    add("sgemm", double(n) * n, json_number(text, "sgemm_" + std::to_string(n) + "_tflops"),
        "TFLOP/s");
}

void print_table(const std::string& device, const std::vector<row>& rows, bool is_cpu) {
  // Columns: every impl seen on this device, ampcl first.
  std::vector<std::string> impls{"ampcl"};
  std::vector<std::pair<std::string, double>> keys;
  for (const auto& r : rows) {
    if (r.device != device) continue;
    if (std::find(impls.begin(), impls.end(), r.impl) == impls.end() &&
        r.impl.find('[') == std::string::npos)
      impls.push_back(r.impl);
    if (std::find(keys.begin(), keys.end(), std::make_pair(r.figure, r.size)) == keys.end())
      keys.push_back({r.figure, r.size});
  }
  std::printf("\n=== %s ===\n%-20s %12s", device.c_str(), "figure", "size");
  for (const auto& i : impls) std::printf(" %12s", i.c_str());
  std::printf(" %12s %8s  checks\n", "ampcl/best", "unit");
  for (const auto& [figure, size] : keys) {
    std::printf("%-20s %12.0f", figure.c_str(), size);
    std::string unit, checks;
    double best_other = -1;
    bool lower_better = false;
    for (const auto& i : impls) {
      const double v = find(rows, device, figure, i, size);
      std::printf(" %12s", v < 0 ? "-" : fmt(v).c_str());
      for (const auto& r : rows)
        if (r.device == device && r.figure == figure && r.impl == i && r.size == size) {
          unit = r.unit;
          if (r.check != "-" && r.check != "ok" && r.check != "torch")
            checks += i + ":" + r.check + " ";
        }
    }
    lower_better = unit == "us" || unit == "ms";
    for (const auto& i : impls) {
      if (i == "ampcl" || i == "ampcl-blas" || i == "ampcl-strips") continue;
      const double v = find(rows, device, figure, i, size);
      if (v > 0)
        best_other =
            best_other < 0 ? v : (lower_better ? std::min(best_other, v) : std::max(best_other, v));
    }
    const double mine = find(rows, device, figure, "ampcl", size);
    const double vs_best = ratio(mine, best_other);
    std::printf(" %12s %8s  %s\n", vs_best < 0 ? "-" : fmt(vs_best).c_str(), unit.c_str(),
                checks.empty() ? "ok" : checks.c_str());
  }
  // Extra tilings (sgemm tuning), listed apart.
  for (const auto& r : rows)
    if (r.device == device && r.impl.find('[') != std::string::npos)
      std::printf("  %-30s %-8s %12.0f %10s %s  %s\n", r.impl.c_str(), r.figure.c_str(), r.size,
                  fmt(r.value).c_str(), r.unit.c_str(), r.check.c_str());

  std::printf("--- targets (%s; every ratio from this run) ---\n", device.c_str());
  const double big = largest_size(rows, device, "copy", "raw");
  const double copy = find(rows, device, "copy", "raw", big);
  const double sz = big;
  std::string at = "at " + fmt(sz, 3) + " elements";
  target("element-wise map / raw copy", ratio(find(rows, device, "map", "ampcl", sz), copy), 0.9,
         "x", true, at);
  target("transpose / raw copy", ratio(find(rows, device, "transpose", "ampcl", sz), copy), 0.9,
         "x", true, at);
  if (!is_cpu) {
    target("reduce (TB/s)", find(rows, device, "reduce", "ampcl", sz), 2.9, "TB/s", true, at);
    const double gib = double(1 << 28);
    target("tile average 16x16, 1 GiB matrix (TB/s)",
           find(rows, device, "tile_average_16x16", "ampcl", gib), 2.7, "TB/s", true,
           "2^28 floats");
    for (double n : {4096.0, 8192.0}) {
      const double mine = find(rows, device, "sgemm", "ampcl", n * n);
      const std::string label = "sgemm " + std::to_string(int(n)) + " / CLBlast";
      target(label.c_str(), ratio(mine, find(rows, device, "sgemm", "clblast", n * n)), 1.0, "x",
             true, "TFLOP/s ratio");
      const double cublas = find(rows, device, "sgemm", "torch", n * n);
      const std::string label2 = "sgemm " + std::to_string(int(n)) + " / cuBLAS fp32 (torch)";
      target(label2.c_str(), ratio(mine, cublas), 0.8, "x", true, "aim");
    }
  } else {
    const double cpp_copy = find(rows, device, "copy", "c++", sz);
    const double cpp_sum = find(rows, device, "reduce", "c++", sz);
    target("copy / C++ loop on the same cores",
           ratio(find(rows, device, "copy", "ampcl", sz), cpp_copy), 0.8, "x", true, at);
    target("reduce / C++ loop on the same cores",
           ratio(find(rows, device, "reduce", "ampcl", sz), cpp_sum), 0.8, "x", true, at);
    const double tsz = largest_size(rows, device, "tile_average_16x16", "ampcl");
    target("tile average / streaming read bound (C++ sum)",
           ratio(find(rows, device, "tile_average_16x16", "ampcl", tsz),
                 find(rows, device, "reduce", "c++", tsz)),
           0.5, "x", true, "within 2x");
  }
  for (double n : {4096.0, 8192.0, 1024.0, 512.0}) {
    const double blas = find(rows, device, "sgemm", "ampcl-blas", n * n),
                 direct = find(rows, device, "sgemm", "clblast", n * n);
    if (blas > 0 && direct > 0) {
      const std::string label =
          "ampcl::blas::gemm time / CLBlast direct, N=" + std::to_string(int(n));
      target(label.c_str(), ratio(direct, blas), 1.02, "x", false, "time ratio");
      break;
    }
  }
  for (double args : {1.0, 4.0, 8.0, 16.0}) {
    const std::string a = std::to_string(int(args));
    target(("launch throughput ampcl/raw, " + a + " args").c_str(),
           find(rows, device, "launch_throughput_ratio", "ampcl", args), 1.03, "x", false,
           "time ratio, median of the runs");
    target(("launch latency ampcl/raw, " + a + " args").c_str(),
           ratio(find(rows, device, "launch_latency", "ampcl", args),
                 find(rows, device, "launch_latency", "raw", args)),
           1.05, "x", false, "time ratio");
  }
  for (const char* way : {"h2d", "d2h"}) {
    const std::string w = way;
    target((w + ": ampcl copy / raw pinned").c_str(),
           ratio(find(rows, device, w + "_copy", "ampcl", -1),
                 find(rows, device, w + "_pinned", "raw", -1)),
           0.9, "x", true, "one large copy, pageable memory");
    target((w + ": array_view synchronized again and again / raw pinned").c_str(),
           ratio(find(rows, device, w + "_view_sync", "ampcl", -1),
                 find(rows, device, w + "_pinned", "raw", -1)),
           0.9, "x", true, "the program's own memory; NVIDIA registers it after 4 copies");
  }
  target("d2h section: ampcl copy / raw rectangle read",
         ratio(find(rows, device, "d2h_section_copy", "ampcl", -1),
               find(rows, device, "d2h_section_rect", "raw", -1)),
         0.9, "x", true, "the middle half of a device array's rows and columns");
  target("first launch from the disk cache / raw from a binary file",
         ratio(find(rows, device, "build_from_binary", "ampcl", 0),
               find(rows, device, "build_from_binary", "raw", 0)),
         1.2, "x", false, "fresh processes, medians");
}

bool write_csv(const std::string& path, const std::vector<row>& rows) {
  std::error_code ec;  // the --out folder need not exist yet
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream f(path);
  f << "device,figure,impl,size,value,unit,check\n";
  for (const auto& r : rows)
    f << '"' << r.device << "\"," << r.figure << ",\"" << r.impl << "\"," << std::fixed << r.size
      << "," << std::defaultfloat << r.value << "," << r.unit << ",\"" << r.check << "\"\n";
  f.close();
  if (f) return true;
  std::fprintf(stderr,
               "ampcl-bench-compare: cannot write %s (%s): pass --out a folder you can write\n",
               path.c_str(), ec ? ec.message().c_str() : "write failed");
  return false;
}

}  // namespace bench
