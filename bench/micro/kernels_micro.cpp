// The kernel library on the default device, bytes or flops per second per call.
#include <benchmark/benchmark.h>

#include <ampcl/algorithms.hpp>

namespace {

ampcl::accelerator_view device_view() {
  return ampcl::accelerator().get_default_view();
}

void BM_transform(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto view = device_view();
  ampcl::array<float, 1> in(ampcl::extent<1>(n), view), out(ampcl::extent<1>(n), view);
  ampcl::array_view<const float, 1> vin(in);
  ampcl::array_view<float, 1> vout(out);
  for (auto _ : state) {  // waits each call: the time includes completion
    ampcl::transform(view, vin, vout, "x * 2.0f");
    view.wait();
  }
  state.SetBytesProcessed(state.iterations() * 8 * int64_t(n));
}

void BM_reduce(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto view = device_view();
  ampcl::array<float, 1> in(ampcl::extent<1>(n), view), result(ampcl::extent<1>(1), view);
  ampcl::array_view<const float, 1> vin(in);
  ampcl::array_view<float, 1> vres(result);
  for (auto _ : state) {  // waits each call: the time includes completion
    ampcl::reduce(view, vin, vres);
    view.wait();
  }
  state.SetBytesProcessed(state.iterations() * 4 * int64_t(n));
}

void BM_tile_average_16(benchmark::State& state) {
  const int side = static_cast<int>(state.range(0));
  auto view = device_view();
  ampcl::array<float, 2> in(ampcl::extent<2>(side, side), view),
      avg(ampcl::extent<2>(side / 16, side / 16), view);
  ampcl::array_view<const float, 2> vin(in);
  ampcl::array_view<float, 2> vavg(avg);
  for (auto _ : state) {  // waits each call: the time includes completion
    ampcl::tile_average(view, vin, vavg, 16, 16);
    view.wait();
  }
  state.SetBytesProcessed(state.iterations() * 4 * int64_t(side) * side);
}

void BM_gemm(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  auto view = device_view();
  ampcl::array<float, 2> a(ampcl::extent<2>(n, n), view), b(ampcl::extent<2>(n, n), view),
      c(ampcl::extent<2>(n, n), view);
  ampcl::array_view<const float, 2> va(a), vb(b);
  ampcl::array_view<float, 2> vc(c);
  for (auto _ : state) {
    ampcl::gemm(view, va, vb, vc);
    view.wait();
  }
  state.counters["FLOP/s"] =
      benchmark::Counter(2.0 * n * n * double(n) * state.iterations(), benchmark::Counter::kIsRate);
}

}  // namespace

BENCHMARK(BM_transform)->RangeMultiplier(16)->Range(1 << 12, 1 << 24);
BENCHMARK(BM_reduce)->RangeMultiplier(16)->Range(1 << 12, 1 << 24);
BENCHMARK(BM_tile_average_16)->RangeMultiplier(4)->Range(256, 4096);
BENCHMARK(BM_gemm)->RangeMultiplier(2)->Range(128, 512);
