// Single-precision matrix multiply on rank-2 views, row-major, sections included:
//   C = alpha * A * B + beta * C     (A: M x K, B: K x N, C: M x N)
// (kernels/gemm.cl). Tile parameters come from a small per-device table
// (lib/algorithms/tuning.cpp, docs/tuning.md), overridable with
// AMPCL_GEMM_PARAMS="BM,BN,BK,TM,TN[,WX]" or per call. When rows are not 16-byte aligned it falls
// back to a simple tiled kernel.
#pragma once

#include <ampcl/detail/library_kernels.hpp>
#include <string>
#include <type_traits>

namespace ampcl {

struct gemm_params {
  int bm = 64, bn = 64, bk = 16;  // block tile of C, depth of one K step
  int tm = 4, tn = 4;             // per-work-item micro-tile
  int pad = 4;                    // padding of the transposed A tile (floats)
  int wx = 0;                     // 0, or work-items per 32-wide warp along N (GPUs: 8)
  std::string to_string() const;
  bool valid() const;  // divisibility rules of kernels/gemm.cl
};

// The parameters gemm() uses on this view's device, and why ("table: NVIDIA", "AMPCL_GEMM_PARAMS").
gemm_params gemm_parameters(const accelerator_view& view, std::string* source = nullptr);

namespace detail {
void gemm_launch(const accelerator_view& view, const bound_arg& a, const bound_arg& b,
                 const bound_arg& c, float alpha, float beta, const gemm_params* params);
}

template <class A, class B>
void gemm(const accelerator_view& view, const array_view<A, 2>& a, const array_view<B, 2>& b,
          const array_view<float, 2>& c, float alpha = 1.0f, float beta = 0.0f,
          const gemm_params* params = nullptr) {
  static_assert(std::is_same_v<std::remove_const_t<A>, float> &&
                    std::is_same_v<std::remove_const_t<B>, float>,
                "gemm: float matrices");
  detail::gemm_launch(view, detail::bind(a), detail::bind(b), detail::bind(c), alpha, beta, params);
}
template <class A, class B>
void gemm(const array_view<A, 2>& a, const array_view<B, 2>& b, const array_view<float, 2>& c,
          float alpha = 1.0f, float beta = 0.0f) {
  gemm(detail::library_view(c.storage()), a, b, c, alpha, beta);
}

}  // namespace ampcl
