#include "algorithms/tuning.hpp"

#include <ampcl/detail/settings.hpp>
#include <ampcl/errors.hpp>
#include <cctype>
#include <cstdio>
#include <cstdlib>

#include "devices/device_state.hpp"

namespace ampcl::detail {

namespace {

// CPUs: small gemm tiles that stay in L1; transpose_lines.
constexpr transpose_tuning transpose_on_cpu{0, 0, 0, 128, 64, 1, 4, 2, 2};
// GPUs: 64 x 64 transpose tiles, 16 x 16 work-items each moving four float4s.
constexpr transpose_tuning transpose_on_gpu{64, 16, 4, 128, 64, 1, 4, 2, 2};

// First match wins: specific families, then the default for the device's type.
// A CPU's name may say "AMD" or "Intel", so rows name the type they are for.
const device_tuning table[] = {
    {"portable computing language", true, {{{64, 64, 16, 4, 4, 4}}, 1}, transpose_on_cpu, {}, {}},
    {"nvidia",
     false,
     {{{128, 128, 8, 8, 8, 4, 8}, {128, 64, 16, 8, 4, 4, 8}, {64, 64, 16, 4, 4, 4, 8}}, 3},
     transpose_on_gpu,
     {},
     {}},
    {"amd", false, {{{128, 128, 16, 8, 8, 4}}, 1}, transpose_on_gpu, {}, {}},
    {"intel(r) arc", false, {{{64, 64, 16, 4, 4, 4}}, 1}, transpose_on_gpu, {}, {}},
    {"", true, {{{64, 64, 16, 4, 4, 4}}, 1}, transpose_on_cpu, {}, {}},
    {"", false, {{{128, 128, 16, 8, 8, 4}}, 1}, transpose_on_gpu, {}, {}},
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

bool is_cpu(const accelerator_view& view) {
  return (view.state()->dev->info.type & CL_DEVICE_TYPE_CPU) != 0;
}

namespace st = settings;

// AMPCL_GEMM_PARAMS="BM,BN,BK,TM,TN[,WX]"; false when unset. A value that is not
// a valid tiling is an error, not a silent fall back to the table.
bool gemm_from_environment(gemm_params& p) {
  const auto v = st::numbers<runtime_exception>(st::id::gemm_params);
  if (!v) return false;
  int* fields[] = {&p.bm, &p.bn, &p.bk, &p.tm, &p.tn, &p.wx};
  for (std::size_t i = 0; i < v->size(); ++i) *fields[i] = static_cast<int>((*v)[i]);
  if (p.valid()) return true;
  st::refuse<runtime_exception>(st::id::gemm_params, st::raw(st::id::gemm_params));
}

// AMPCL_TRANSPOSE_PARAMS="TILE,ROWS,VEC": the GPU kernel at that tile, on any device.
bool transpose_from_environment(transpose_tuning& p) {
  const auto v = st::numbers<runtime_exception>(st::id::transpose_params);
  if (!v) return false;
  transpose_tuning q;
  q.tile = static_cast<int>((*v)[0]);
  q.rows = static_cast<int>((*v)[1]);
  q.vec = static_cast<int>((*v)[2]);
  // Work-groups of at most 1024 items, tiles of whole rows per pass, 48 KiB local.
  if (q.tile > 0 && q.rows > 0 && (q.vec == 1 || q.vec == 4) && q.tile % q.vec == 0 &&
      q.tile % q.rows == 0 && (q.tile / q.vec) * q.rows <= 1024 &&
      q.tile * (q.tile + 1) * 8 <= 48 * 1024) {
    p = q;
    return true;
  }
  st::refuse<runtime_exception>(st::id::transpose_params, st::raw(st::id::transpose_params));
}

// AMPCL_TRANSPOSE_CPU="ROWS,COLS,GX,GY,NT,WALK": the CPU kernel's shape.
void transpose_cpu_from_environment(transpose_tuning& p) {
  const auto v = st::numbers<runtime_exception>(st::id::transpose_cpu);
  if (!v) return;
  transpose_tuning q = p;
  int* fields[] = {&q.cpu_tile_rows, &q.cpu_tile_cols, &q.cpu_group_x,
                   &q.cpu_group_y,   &q.cpu_nt,        &q.cpu_walk_rows};
  for (std::size_t i = 0; i < v->size(); ++i) *fields[i] = static_cast<int>((*v)[i]);
  auto mode = [](int m) { return m >= 0 && m <= 2; };
  if (q.cpu_tile_rows > 0 && q.cpu_tile_rows % 16 == 0 && q.cpu_tile_cols > 0 &&
      q.cpu_tile_cols % 16 == 0 && q.cpu_group_x > 0 && q.cpu_group_y > 0 &&
      q.cpu_group_x * q.cpu_group_y <= 1024 && mode(q.cpu_nt) && mode(q.cpu_walk_rows)) {
    p = q;
    return;
  }
  st::refuse<runtime_exception>(st::id::transpose_cpu, st::raw(st::id::transpose_cpu));
}

}  // namespace

const device_tuning& tuning_row(const accelerator_view& view) {
  const device_info& info = view.state()->dev->info;
  const std::string name = lower(info.platform_name + " / " + info.name);
  const bool cpu = is_cpu(view);
  for (const device_tuning& row : table)
    if (row.cpu == cpu && name.find(row.key) != std::string::npos) return row;
  return table[std::size(table) - 1];  // unreachable: the last two rows match any device
}

gemm_tuning gemm_tuning_for(const accelerator_view& view, std::string* source) {
  gemm_tuning t;
  if (gemm_from_environment(t.tiers[0])) {
    if (source) *source = "AMPCL_GEMM_PARAMS";
    return t;
  }
  const device_tuning& row = tuning_row(view);
  if (source)
    *source = *row.key ? std::string("table: ") + row.key +
                             (row.gemm.count > 1
                                  ? " (smaller tiers for products that would not fill the device)"
                                  : "")
                       : "default";
  return row.gemm;
}

transpose_tuning transpose_tuning_for(const accelerator_view& view) {
  transpose_tuning p;
  if (transpose_from_environment(p)) return p;
  p = tuning_row(view).transpose;
  transpose_cpu_from_environment(p);
  return p;
}

}  // namespace ampcl::detail
