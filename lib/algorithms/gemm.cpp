// C = alpha * A * B + beta * C: the variant (gemm_tiled with float4 rows, or
// gemm_simple), its -D strings and its geometry; tilings from algorithms/tuning.hpp.
#include <ampcl/errors.hpp>
#include <ampcl/gemm.hpp>
#include <string>

#include "algorithms/routine.hpp"
#include "algorithms/tuning.hpp"

namespace ampcl {

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

// Parameters for an M x N product: the largest tier that still fills the device.
gemm_params parameters_for(const accelerator_view& view, int M, int N) {
  const detail::gemm_tuning t = detail::gemm_tuning_for(view);
  const long units = static_cast<long>(view.get_accelerator().get_compute_units());
  for (int i = 0; i < t.count; ++i) {
    const gemm_params& q = t.tiers[i];
    const long groups = long((M + q.bm - 1) / q.bm) * ((N + q.bn - 1) / q.bn);
    if (groups >= units || i + 1 == t.count) return q;
  }
  return t.tiers[0];
}

}  // namespace

gemm_params gemm_parameters(const accelerator_view& view, std::string* source) {
  return detail::gemm_tuning_for(view, source).tiers[0];
}

namespace detail {

void gemm_launch(const accelerator_view& view, const bound_arg& a, const bound_arg& b,
                 const bound_arg& c, float alpha, float beta, const gemm_params* given) {
  const int M = c.shape.extent[0], N = c.shape.extent[1], K = a.shape.extent[1];
  if (a.shape.extent[0] != M || b.shape.extent[0] != K || b.shape.extent[1] != N)
    throw runtime_exception("gemm: A (" + std::to_string(a.shape.extent[0]) + " x " +
                            std::to_string(K) + ") times B (" + std::to_string(b.shape.extent[0]) +
                            " x " + std::to_string(b.shape.extent[1]) + ") does not give C (" +
                            std::to_string(M) + " x " + std::to_string(N) + ")");
  if (M == 0 || N == 0) return;
  const gemm_params p = given ? *given : parameters_for(view, M, N);
  if (!p.valid()) throw runtime_exception("gemm: invalid tile parameters " + p.to_string());
  // float4 rows: offsets and leading dimensions in multiples of 4 floats.
  auto aligned = [](const view_shape& s) { return s.offset % 4 == 0 && s.stride[0] % 4 == 0; };
  const bool vector_ok =
      N % 4 == 0 && K % 4 == 0 && K > 0 && aligned(a.shape) && aligned(b.shape) && aligned(c.shape);
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
