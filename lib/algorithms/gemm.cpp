#include <ampcl/errors.hpp>
#include <ampcl/gemm.hpp>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace ampcl {

namespace {

// Per-device parameters, first match wins (like CLBlast's database, but small).
// Keys are substrings of "<platform> / <device>", lower-case. A row holds up to
// three tilings, largest first: a call takes the first that gives every compute
// unit a work-group (small products would leave most of the GPU idle otherwise).
struct gemm_table_entry {
  const char* key;
  gemm_params tiers[3];
  int count;
};
const gemm_table_entry gemm_table[] = {
    // PoCL and other CPUs first (a CPU's name may say "AMD"): small tiles that stay
    // in L1, 256 work-items per group.
    {"portable computing language", {{64, 64, 16, 4, 4, 4}}, 1},
    // H200, measured (TFLOP/s at 1024/2048/4096/8192; cuBLAS fp32 38/50/51/51):
    //   128x128x8, 8x8, WX 8: 22/47/48/48 (128 registers, 16.3 KiB: two groups per SM)
    //   128x128x16, 8x8:      20/41/42/42 (140 registers: one group per SM)
    //   128x64x16, 8x4, WX 8: 36/39/42/43; 64x64x16, 4x4: 31/32/33/34
    {"nvidia", {{128, 128, 8, 8, 8, 4, 8}, {128, 64, 16, 8, 4, 4, 8}, {64, 64, 16, 4, 4, 4, 8}}, 3},
    {"amd", {{128, 128, 16, 8, 8, 4}}, 1},
    {"intel(r) arc", {{64, 64, 16, 4, 4, 4}}, 1},
};

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// "BM,BN,BK,TM,TN" or "BM,BN,BK,TM,TN,WX".
bool parse_params(const char* text, gemm_params& p) {
  if (!text) return false;
  const int n = std::sscanf(text, "%d,%d,%d,%d,%d,%d", &p.bm, &p.bn, &p.bk, &p.tm, &p.tn, &p.wx);
  return n == 5 || n == 6;
}

}  // namespace

std::string gemm_params::to_string() const {
  return std::to_string(bm) + "," + std::to_string(bn) + "," + std::to_string(bk) + "," +
         std::to_string(tm) + "," + std::to_string(tn) + (wx ? "," + std::to_string(wx) : "");
}

bool gemm_params::valid() const {
  if (bm <= 0 || bn <= 0 || bk <= 0 || tm <= 0 || tn <= 0 || tm % 4 || tn % 4 || pad % 4)
    return false;
  if (bm % tm || bn % tn || bk % 4) return false;
  const int ntx = bn / tn, nty = bm / tm, nt = ntx * nty;
  if (wx && (wx < 0 || 32 % wx || ntx % wx || nty % (32 / wx) || nt % 32)) return false;
  return nt <= 1024 && (bm * bk / 4) % nt == 0 && (bk * bn / 4) % nt == 0;
}

namespace {

// The table row for this device, or null.
const gemm_table_entry* table_row(const accelerator_view& view) {
  const accelerator acc = view.get_accelerator();
  const std::string name = lower(acc.get_platform_name() + " / " + acc.get_description());
  for (const auto& e : gemm_table)
    if (name.find(e.key) != std::string::npos) return &e;
  return nullptr;
}

// AMPCL_GEMM_PARAMS, when set; a value that is not a valid tiling is an error, not
// a silent fall back to the table.
bool env_params(gemm_params& p) {
  const char* env = std::getenv("AMPCL_GEMM_PARAMS");
  if (!env) return false;
  if (parse_params(env, p) && p.valid()) return true;
  throw runtime_exception(
      std::string("AMPCL_GEMM_PARAMS='") + env +
      "' is not a valid tiling BM,BN,BK,TM,TN[,WX] (TM, TN, BK multiples of "
      "4 dividing BM, BN; at most 1024 work-items; e.g. 128,128,16,8,8): fix it or unset it");
}

gemm_params fallback(const accelerator_view& view) {
  return view.get_accelerator().is_cpu() ? gemm_params{64, 64, 16, 4, 4, 4}
                                         : gemm_params{128, 128, 16, 8, 8, 4};
}

// Parameters for an M x N product: the largest tier that still fills the device.
gemm_params parameters_for(const accelerator_view& view, int M, int N) {
  gemm_params p;
  if (env_params(p)) return p;
  const gemm_table_entry* row = table_row(view);
  if (!row) return fallback(view);
  const long units = static_cast<long>(view.get_accelerator().get_compute_units());
  for (int t = 0; t < row->count; ++t) {
    const gemm_params& q = row->tiers[t];
    const long groups = long((M + q.bm - 1) / q.bm) * ((N + q.bn - 1) / q.bn);
    if (groups >= units || t + 1 == row->count) return q;
  }
  return row->tiers[0];
}

}  // namespace

gemm_params gemm_parameters(const accelerator_view& view, std::string* source) {
  gemm_params p;
  if (env_params(p)) {
    if (source) *source = "AMPCL_GEMM_PARAMS";
    return p;
  }
  if (const gemm_table_entry* row = table_row(view)) {
    if (source)
      *source =
          std::string("table: ") + row->key +
          (row->count > 1 ? " (smaller tiers for products that would not fill the device)" : "");
    return row->tiers[0];
  }
  if (source) *source = "default";
  return fallback(view);
}

namespace detail {

void gemm_launch(const accelerator_view& view, const bound_arg& a, const bound_arg& b,
                 const bound_arg& c, float alpha, float beta, const gemm_params* given) {
  const int M = c.shape->extent[0], N = c.shape->extent[1], K = a.shape->extent[1];
  if (a.shape->extent[0] != M || b.shape->extent[0] != K || b.shape->extent[1] != N)
    throw runtime_exception("gemm: A (" + std::to_string(a.shape->extent[0]) + " x " +
                            std::to_string(K) + ") times B (" + std::to_string(b.shape->extent[0]) +
                            " x " + std::to_string(b.shape->extent[1]) + ") does not give C (" +
                            std::to_string(M) + " x " + std::to_string(N) + ")");
  if (M == 0 || N == 0) return;
  const gemm_params p = given ? *given : parameters_for(view, M, N);
  if (!p.valid()) throw runtime_exception("gemm: invalid tile parameters " + p.to_string());
  // float4 rows: offsets and leading dimensions in multiples of 4 floats.
  auto aligned = [](const view_shape& s) { return s.offset % 4 == 0 && s.stride[0] % 4 == 0; };
  const bool vector_ok = N % 4 == 0 && K % 4 == 0 && K > 0 && aligned(*a.shape) &&
                         aligned(*b.shape) && aligned(*c.shape);
  std::vector<bound_arg> args{a, b, c, bind(alpha), bind(beta)};
  if (!vector_ok) {
    const kernel k = library_kernel("gemm.cl", "gemm_simple", "");
    const int ext[2] = {static_cast<int>(round_up(M, 16)), static_cast<int>(round_up(N, 16))};
    const int tile[2] = {16, 16};
    launch(view, k, 2, ext, tile, args.data(), args.size());
    return;
  }
  const bool edges = M % p.bm || N % p.bn || K % p.bk;
  const std::string options = "-DBM=" + std::to_string(p.bm) + " -DBN=" + std::to_string(p.bn) +
                              " -DBK=" + std::to_string(p.bk) + " -DTM=" + std::to_string(p.tm) +
                              " -DTN=" + std::to_string(p.tn) + " -DPAD=" + std::to_string(p.pad) +
                              " -DWX=" + std::to_string(p.wx) + (edges ? " -DEDGES" : "");
  const kernel k = library_kernel("gemm.cl", "gemm_tiled", options);
  const int groups_m = (M + p.bm - 1) / p.bm, groups_n = (N + p.bn - 1) / p.bn;
  const int ext[2] = {groups_m * (p.bm / p.tm), groups_n * (p.bn / p.tn)};
  const int tile[2] = {p.bm / p.tm, p.bn / p.tn};
  launch(view, k, 2, ext, tile, args.data(), args.size());
}

}  // namespace detail
}  // namespace ampcl
