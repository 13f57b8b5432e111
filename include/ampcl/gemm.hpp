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

template <class A, class B, class C, class = std::enable_if_t<detail::are_views_v<A, B, C>>>
void gemm(const accelerator_view& view, const A& a, const B& b, const C& c, float alpha = 1.0f,
          float beta = 0.0f, const gemm_params* params = nullptr) {
  static_assert(detail::same_elements_v<A, C> && detail::same_elements_v<B, C> &&
                    std::is_same_v<detail::view_element_t<C>, float>,
                "gemm: float matrices");
  static_assert(detail::view_rank_v<A> == 2 && detail::view_rank_v<B> == 2 &&
                    detail::view_rank_v<C> == 2,
                "gemm: matrices (rank 2)");
  detail::gemm_launch(view, detail::bind_view(a), detail::bind_view(b), detail::bind_view(c),
                      alpha, beta, params);
}
template <class A, class B, class C, class = std::enable_if_t<detail::are_views_v<A, B, C>>>
void gemm(const A& a, const B& b, const C& c, float alpha = 1.0f, float beta = 0.0f) {
  gemm(detail::library_view_of(c), a, b, c, alpha, beta);
}

}  // namespace ampcl
