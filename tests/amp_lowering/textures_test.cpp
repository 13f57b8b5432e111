// Textures in kernels (<amp_graphics.h> over OpenCL images): ranks 1 to 3; int,
// unsigned int, float, unorm and norm texels and their short vectors; reads through
// [], () and get(); in-place set() of 1-component textures (read and written by one
// kernel); writeonly_texture_view and texture_view<T, N>; texture_view<const T, N>
// with sample() (point and linear filters, clamp and wrap addressing, a sampler
// object and the template form) and gather_red; host copies both ways (iterators,
// raw bytes, texture to texture). Every kernel output starts as poison and is
// compared with a host reference computed from the inputs.
#include <amp_graphics.h>

#include <algorithm>
#include <cmath>

#include "check.h"

using namespace concurrency;
using namespace concurrency::graphics;

namespace {

// Inputs with no two texels alike.
std::vector<float> ramp(int n, float scale, float offset) {
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = offset + scale * static_cast<float>((i * 7) % n);
  return v;
}

// OpenCL's sampling of a rank-2 float texture (H rows of W texels) at normalized
// (x, y): the reference for sample().
struct sampler_ref {
  const std::vector<float>& t;
  int h, w;
  bool linear, wrap;
  float texel(int r, int c) const {
    if (wrap) {
      r = ((r % h) + h) % h;
      c = ((c % w) + w) % w;
    } else {
      r = std::min(std::max(r, 0), h - 1);
      c = std::min(std::max(c, 0), w - 1);
    }
    return t[r * w + c];
  }
  float operator()(float x, float y) const {
    if (wrap) {
      x -= std::floor(x);
      y -= std::floor(y);
    }
    const float u = x * static_cast<float>(w), v = y * static_cast<float>(h);
    if (!linear) {
      int c = static_cast<int>(std::floor(u)), r = static_cast<int>(std::floor(v));
      if (wrap) {
        if (c > w - 1) c -= w;
        if (r > h - 1) r -= h;
      }
      return texel(r, c);
    }
    const float fu = u - 0.5f, fv = v - 0.5f;
    const int c0 = static_cast<int>(std::floor(fu)), r0 = static_cast<int>(std::floor(fv));
    const float a = fu - std::floor(fu), b = fv - std::floor(fv);
    return (1 - a) * (1 - b) * texel(r0, c0) + a * (1 - b) * texel(r0, c0 + 1) +
           (1 - a) * b * texel(r0 + 1, c0) + a * b * texel(r0 + 1, c0 + 1);
  }
};

void two_dimensional_float() {
  const int rows = 6, cols = 7;
  const std::vector<float> src = ramp(rows * cols, 1.25f, -3.0f);
  texture<float, 2> in(rows, cols, src.begin(), src.end());
  texture<float, 2> doubled(extent<2>(rows, cols));
  texture<float, 2> through_view(rows, cols);
  writeonly_texture_view<float, 2> wv(through_view);
  std::vector<float> sums(rows * cols, static_cast<float>(poison));
  array_view<float, 2> sv(rows, cols, sums);
  parallel_for_each(
      in.extent, [&in, &doubled, wv, sv ](index<2> i) restrict(amp) {
        sv[i] = in[i] + 10.0f * in(i[0], i[1]) + 100.0f * in.get(i) + 1000.0f * in(i);
        doubled.set(i, 2.0f * in[i]);
        wv.set(i, in[i] - 1.0f);
      });
  sv.synchronize();
  std::vector<float> d(rows * cols, static_cast<float>(poison)),
      w(rows * cols, static_cast<float>(poison));
  copy(doubled, d.begin());
  copy(through_view, w.begin());
  for (int k = 0; k < rows * cols; ++k) {
    CHECK_NEAR(sums[k], 1111.0f * src[k], 1e-3);
    CHECK_EQ(d[k], 2.0f * src[k]);
    CHECK_EQ(w[k], src[k] - 1.0f);
  }
}

// Rank 1, int: one texture read and written in place by the same kernel, another
// written through a texture_view<int, 1>.
void one_dimensional_int_in_place() {
  const int n = 37;
  std::vector<int> src(n);
  for (int i = 0; i < n; ++i) src[i] = (i * 13) % 41 - 20;
  texture<int, 1> t(n, src.begin(), src.end());
  texture<int, 1> other(n);
  texture_view<int, 1> ov(other);
  parallel_for_each(
      t.extent, [&t, ov ](index<1> i) restrict(amp) {
        const int v = t[i[0]];
        t.set(i, 3 * v + 1);
        ov.set(i, 5 * t(i[0]) + v);  // before the write reaches t: either order is v
      });
  std::vector<int> got(n, poison), got_other(n, poison);
  copy(t, got.begin());
  copy(other, got_other.begin());
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(got[i], 3 * src[i] + 1);
    // t(i) is read after t.set(i): C++ AMP gives the new value; OpenCL 1.2 does
    // not order a write and a read of one image in a kernel, so either is correct.
    const bool old_value = got_other[i] == 6 * src[i];
    const bool new_value = got_other[i] == 5 * (3 * src[i] + 1) + src[i];
    CHECK_EQ(old_value || new_value, true);
  }

  // A writable view of a 1-component texture reads too.
  texture<int, 1> counts(n, src.begin(), src.end());
  texture_view<int, 1> cv(counts);
  parallel_for_each(
      extent<1>(n), [cv](index<1> i) restrict(amp) { cv.set(i, cv[i] * cv(i[0])); });
  copy(counts, got.begin());
  for (int i = 0; i < n; ++i) CHECK_EQ(got[i], src[i] * src[i]);
}

// Rank 3, unsigned int, written through a writeonly_texture_view of rank 3.
void three_dimensional_uint() {
  const int d0 = 3, d1 = 4, d2 = 5, n = d0 * d1 * d2;
  std::vector<unsigned int> src(n);
  for (int i = 0; i < n; ++i) src[i] = 0x10000u * static_cast<unsigned>(i) + 7u * i + 3u;
  texture<unsigned int, 3> t(d0, d1, d2, src.begin(), src.end());
  texture<unsigned int, 3> out(d0, d1, d2);
  writeonly_texture_view<unsigned int, 3> ov(out);
  std::vector<unsigned int> coords(n, static_cast<unsigned>(poison));
  array_view<unsigned int, 3> cv(d0, d1, d2, coords);
  parallel_for_each(
      t.extent, [&t, ov, cv ](index<3> i) restrict(amp) {
        cv[i] = t(i[0], i[1], i[2]);
        ov.set(i, t[i] ^ 0xFFu);
      });
  cv.synchronize();
  std::vector<unsigned int> got(n, static_cast<unsigned>(poison));
  copy(out, got.begin());
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(coords[i], src[i]);
    CHECK_EQ(got[i], src[i] ^ 0xFFu);
  }
}

// Short vectors: int_2 and float_4 read through a texture_view<const T>, written
// through writeonly views; uint_4 in place is not allowed (compile errors, see
// tests/amp/errors).
void short_vectors() {
  const int rows = 5, cols = 3, n = rows * cols;
  std::vector<int_2> a(n);
  std::vector<float_4> b(n);
  for (int i = 0; i < n; ++i) {
    a[i] = int_2(i * 3 - 7, 100 - i);
    b[i] = float_4(0.5f * i, -1.0f * i, 2.0f + i, 1000.0f - i);
  }
  texture<int_2, 2> ta(rows, cols, a.begin(), a.end());
  texture<float_4, 2> tb(rows, cols, b.begin(), b.end());
  texture_view<const float_4, 2> bv(tb);
  texture<float_4, 2> out_b(rows, cols);
  writeonly_texture_view<float_4, 2> ob(out_b);
  texture<int_2, 2> out_a(rows, cols);
  texture_view<int_2, 2> oa(out_a);
  parallel_for_each(
      extent<2>(rows, cols), [&ta, bv, ob, oa ](index<2> i) restrict(amp) {
        const int_2 p = ta[i];
        const float_4 q = bv(i[0], i[1]);
        ob.set(i, float_4(q.w, q.z, q.y, q.x) + float_4(static_cast<float>(p.x)));
        oa.set(i, int_2(p.y, p.x) * int_2(2));
      });
  std::vector<float_4> gb(n, float_4(static_cast<float>(poison)));
  std::vector<int_2> ga(n, int_2(poison));
  copy(out_b, gb.begin());
  copy(out_a, ga.begin());
  for (int i = 0; i < n; ++i) {
    const float px = static_cast<float>(a[i].x);
    CHECK_EQ(gb[i].x, b[i].w + px);
    CHECK_EQ(gb[i].y, b[i].z + px);
    CHECK_EQ(gb[i].z, b[i].y + px);
    CHECK_EQ(gb[i].w, b[i].x + px);
    CHECK_EQ(ga[i].x, 2 * a[i].y);
    CHECK_EQ(ga[i].y, 2 * a[i].x);
  }
}

// unorm with 8 bits and norm_2 with 16: the device reads the stored (quantized)
// value and writes through a view are quantized the same way.
void normalized() {
  const int n = 50;
  std::vector<unorm> u(n);
  std::vector<norm_2> s(n);
  for (int i = 0; i < n; ++i) {
    u[i] = unorm(static_cast<float>(i) / (n - 1));
    s[i] = norm_2(static_cast<float>(i) / (n - 1) * 2.0f - 1.0f, 0.25f);
  }
  texture<unorm, 1> tu(extent<1>(n), u.begin(), u.end(), accelerator().default_view);
  texture<unorm, 1> tu8(extent<1>(n), 8u);
  copy(u.begin(), u.end(), tu8);
  texture<norm_2, 1> ts(extent<1>(n), 16u);
  copy(s.begin(), s.end(), ts);
  texture<unorm, 1> out(extent<1>(n), 8u);
  writeonly_texture_view<unorm, 1> ov(out);
  std::vector<float> got(3 * n, static_cast<float>(poison));
  array_view<float, 2> gv(3, n, got);
  parallel_for_each(
      extent<1>(n), [&tu, &tu8, &ts, ov, gv ](index<1> i) restrict(amp) {
        gv(0, i[0]) = tu[i];
        gv(1, i[0]) = tu8[i];
        gv(2, i[0]) = ts[i].x;
        ov.set(i, unorm(1.0f - static_cast<float>(tu8[i])));
      });
  gv.synchronize();
  std::vector<unorm> back(n, unorm(0.5f));
  copy(out, back.begin());
  CHECK_EQ(tu8.bits_per_scalar_element, 8u);
  CHECK_EQ(ts.get_bits_per_scalar_element(), 16u);
  for (int i = 0; i < n; ++i) {
    const float x = static_cast<float>(u[i]);
    const float q8 = std::round(x * 255.0f) / 255.0f;
    CHECK_NEAR(got[i], std::round(x * 65535.0f) / 65535.0f, 1e-6);
    CHECK_NEAR(got[n + i], q8, 1e-6);
    CHECK_NEAR(got[2 * n + i], std::round(static_cast<float>(s[i].x) * 32767.0f) / 32767.0f, 1e-6);
    CHECK_NEAR(static_cast<float>(back[i]), std::round((1.0f - q8) * 255.0f) / 255.0f, 1e-6);
  }
}

// sample() and gather_red() against OpenCL's sampling rules.
void sampling() {
  const int rows = 4, cols = 6;
  const std::vector<float> src = ramp(rows * cols, 0.5f, 1.0f);
  texture<float, 2> t(rows, cols, src.begin(), src.end());
  texture_view<const float, 2> tv(t);
  const sampler point_clamp(filter_point, address_clamp);
  const sampler linear_wrap(filter_linear, address_wrap);
  const sampler linear_clamp;  // C++ AMP's default: linear, clamp
  CHECK_EQ(linear_clamp.filter_mode == filter_linear, true);
  CHECK_EQ(linear_wrap.get_address_mode() == address_wrap, true);
  const int m = 40;
  std::vector<float> xs(m), ys(m);
  for (int k = 0; k < m; ++k) {
    xs[k] = -0.4f + 1.8f * static_cast<float>((k * 11) % m) / m + 0.013f;
    ys[k] = -0.3f + 1.6f * static_cast<float>((k * 7) % m) / m + 0.021f;
  }
  array_view<const float, 1> xv(m, xs), yv(m, ys);
  std::vector<float> got(5 * m, static_cast<float>(poison));
  std::vector<float_4> gathered(m, float_4(static_cast<float>(poison)));
  array_view<float, 2> gv(5, m, got);
  array_view<float_4, 1> gav(m, gathered);
  parallel_for_each(
      extent<1>(m), [=](index<1> k) restrict(amp) {
        const float_2 c(xv[k], yv[k]);
        gv(0, k[0]) = tv.sample(point_clamp, c);
        gv(1, k[0]) = tv.sample(linear_wrap, c);
        gv(2, k[0]) = tv.sample(linear_clamp, c);
        gv(3, k[0]) = tv.sample<filter_point, address_wrap>(c);
        gv(4, k[0]) = tv.sample<filter_linear, address_clamp>(c);
        gav[k] = tv.gather_red(point_clamp, c);
      });
  gv.synchronize();
  gav.synchronize();
  const sampler_ref ref_pc{src, rows, cols, false, false}, ref_lw{src, rows, cols, true, true},
      ref_lc{src, rows, cols, true, false}, ref_pw{src, rows, cols, false, true};
  // OpenCL lets linear filtering weigh with 8 fractional bits (GPUs do): a blend
  // may be off by 1/256 of the largest difference between texels.
  const auto bounds = std::minmax_element(src.begin(), src.end());
  const double linear_tol = (*bounds.second - *bounds.first) / 256.0 + 1e-4;
  for (int k = 0; k < m; ++k) {
    const float x = xs[k], y = ys[k];
    CHECK_NEAR(got[k], ref_pc(x, y), 1e-5);
    CHECK_NEAR(got[m + k], ref_lw(x, y), linear_tol);
    CHECK_NEAR(got[2 * m + k], ref_lc(x, y), linear_tol);
    CHECK_NEAR(got[3 * m + k], ref_pw(x, y), 1e-5);
    CHECK_NEAR(got[4 * m + k], ref_lc(x, y), linear_tol);
    // Gather: the 2x2 texels around (x, y), clamped, in Direct3D's order.
    const int c0 = static_cast<int>(std::floor(x * cols - 0.5f));
    const int r0 = static_cast<int>(std::floor(y * rows - 0.5f));
    CHECK_EQ(gathered[k].x, ref_pc.texel(r0 + 1, c0));
    CHECK_EQ(gathered[k].y, ref_pc.texel(r0 + 1, c0 + 1));
    CHECK_EQ(gathered[k].z, ref_pc.texel(r0, c0 + 1));
    CHECK_EQ(gathered[k].w, ref_pc.texel(r0, c0));
  }
}

// Rank 1 and 3 sampling: a float texture with linear filtering and wrapping, a
// float_4 one with point sampling at texel centres (each texel exactly).
void sampling_ranks_1_and_3() {
  const int n = 9;
  const std::vector<float> line = ramp(n, 2.0f, -5.0f);
  texture<float, 1> t1(n, line.begin(), line.end());
  const int d0 = 2, d1 = 3, d2 = 4, m3 = d0 * d1 * d2;
  std::vector<float_4> vol(m3);
  for (int i = 0; i < m3; ++i) vol[i] = float_4(1.0f * i, 2.0f * i, -1.0f * i, 0.5f * i);
  texture<float_4, 3> t3(d0, d1, d2, vol.begin(), vol.end());
  texture_view<const float, 1> v1(t1);
  texture_view<const float_4, 3> v3(t3);
  const sampler wrap_linear(filter_linear, address_wrap);
  const int m = 30;
  std::vector<float> xs(m);
  for (int k = 0; k < m; ++k) xs[k] = -1.3f + 3.1f * static_cast<float>(k) / m;
  array_view<const float, 1> xv(m, xs);
  std::vector<float> got1(m, static_cast<float>(poison));
  std::vector<float_4> got3(m3, float_4(static_cast<float>(poison)));
  array_view<float, 1> g1(m, got1);
  array_view<float_4, 3> g3(d0, d1, d2, got3);
  parallel_for_each(
      extent<1>(m), [=](index<1> k) restrict(amp) { g1[k] = v1.sample(wrap_linear, xv[k]); });
  parallel_for_each(
      g3.extent, [=](index<3> i) restrict(amp) {
        const float_3 centre((i[2] + 0.5f) / d2, (i[1] + 0.5f) / d1, (i[0] + 0.5f) / d0);
        g3[i] = v3.sample<filter_point, address_clamp>(centre);
      });
  g1.synchronize();
  g3.synchronize();
  const auto bounds = std::minmax_element(line.begin(), line.end());
  const double linear_tol = (*bounds.second - *bounds.first) / 256.0 + 1e-4;
  for (int k = 0; k < m; ++k) {
    // OpenCL's linear filter in one dimension, repeat addressing.
    const float x = xs[k] - std::floor(xs[k]);
    const float u = x * n - 0.5f;
    const int i0 = static_cast<int>(std::floor(u));
    const float a = u - std::floor(u);
    const float want = (1 - a) * line[((i0 % n) + n) % n] + a * line[(((i0 + 1) % n) + n) % n];
    CHECK_NEAR(got1[k], want, linear_tol);
  }
  for (int i = 0; i < m3; ++i) {
    CHECK_EQ(got3[i].x, vol[i].x);
    CHECK_EQ(got3[i].y, vol[i].y);
    CHECK_EQ(got3[i].z, vol[i].z);
    CHECK_EQ(got3[i].w, vol[i].w);
  }
}

// address_mirror (a sampler object and the template form) and address_border
// (transparent black outside) with point sampling, against OpenCL's rules.
void mirror_and_border() {
  const int n = 5;
  const std::vector<float> v = ramp(n, 10.0f, 10.0f);
  texture<float, 1> t(n, v.begin(), v.end());
  texture_view<const float, 1> tv(t);
  const sampler mirror(filter_point, address_mirror), border(filter_point, address_border);
  const std::vector<float> xs = {-0.95f, -0.1f, 0.1f, 0.5f, 0.79f, 1.1f, 1.5f, 1.95f, 2.3f};
  const int m = static_cast<int>(xs.size());
  array_view<const float, 1> xv(m, xs);
  std::vector<float> got(3 * m, static_cast<float>(poison));
  array_view<float, 2> gv(3, m, got);
  parallel_for_each(
      extent<1>(m), [=](index<1> k) restrict(amp) {
        gv(0, k[0]) = tv.sample(mirror, xv[k]);
        gv(1, k[0]) = tv.sample<filter_point, address_mirror>(xv[k]);
        gv(2, k[0]) = tv.sample(border, xv[k]);
      });
  gv.synchronize();
  for (int k = 0; k < m; ++k) {
    const float x = xs[k];
    const float s = std::fabs(x - 2.0f * std::rint(0.5f * x));
    const float mirrored = v[std::min(static_cast<int>(std::floor(s * n)), n - 1)];
    const float bordered = x < 0.0f || x >= 1.0f ? 0.0f : v[static_cast<int>(std::floor(x * n))];
    CHECK_EQ(got[k], mirrored);
    CHECK_EQ(got[m + k], mirrored);
    CHECK_EQ(got[2 * m + k], bordered);
  }
}

// One kernel launched on different textures each time (the book's CopyTexture): each
// launch binds its own images.
void add_into(const texture<int, 1>& src, texture<int, 1>& dest, int add) {
  parallel_for_each(
      dest.extent, [&src, &dest, add ](index<1> i) restrict(amp) { dest.set(i, src[i] + add); });
}
// Views made inside the kernel from a captured texture.
void views_made_in_kernel() {
  const int n = 20;
  std::vector<float> v(n);
  for (int i = 0; i < n; ++i) v[i] = 0.75f * i - 3.0f;
  texture<float, 1> in(n, v.begin(), v.end()), out(n);
  parallel_for_each(
      extent<1>(n), [&in, &out ](index<1> i) restrict(amp) {
        const texture_view<const float, 1> r(in);
        const writeonly_texture_view<float, 1> w(out);
        w.set(i, r[i] * r(i[0]));
      });
  std::vector<float> got(n, static_cast<float>(poison));
  copy(out, got.begin());
  for (int i = 0; i < n; ++i) CHECK_EQ(got[i], v[i] * v[i]);
}

void relaunch_on_other_textures() {
  const int n = 64;
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i) v[i] = (i * 37) % 101;
  texture<int, 1> a(n, v.begin(), v.end()), b(n), c(n);
  add_into(a, b, 1);
  add_into(b, c, 10);
  add_into(c, a, 100);
  add_into(a, b, 1000);
  std::vector<int> got(n, poison);
  copy(b, got.begin());
  for (int i = 0; i < n; ++i) CHECK_EQ(got[i], v[i] + 1111);
}

// Host copies: iterators both ways, raw bytes, texture to texture, properties.
void copies() {
  const int rows = 3, cols = 4, n = rows * cols;
  std::vector<float_2> src(n);
  for (int i = 0; i < n; ++i) src[i] = float_2(1.5f * i, -2.0f * i);
  texture<float_2, 2> t(rows, cols);
  copy(src.begin(), src.end(), t);
  CHECK_EQ(t.extent[0], rows);
  CHECK_EQ(t.get_extent()[1], cols);
  CHECK_EQ(t.get_mipmap_levels(), 1u);
  CHECK_EQ(t.data_length, static_cast<unsigned>(n * 8));
  std::vector<float_2> raw(n, float_2(static_cast<float>(poison)));
  copy(t, raw.data(), t.data_length);
  texture<float_2, 2> t2(rows, cols, 32u, raw.data(), t.get_data_length());
  texture<float_2, 2> t3(t2);
  texture<float_2, 2> t4(rows, cols);
  t3.copy_to(t4);
  std::vector<float_2> back(n, float_2(static_cast<float>(poison)));
  copy(t4, back.begin());
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(raw[i].x, src[i].x);
    CHECK_EQ(back[i].x, src[i].x);
    CHECK_EQ(back[i].y, src[i].y);
  }
  // Through views: into a writeonly_texture_view and a texture_view, out of a
  // texture_view<const T> and a texture_view<T>, raw bytes out of a view.
  std::vector<float_2> other(n);
  for (int i = 0; i < n; ++i) other[i] = float_2(-1.0f * i, 0.25f * i);
  texture<float_2, 2> t5(rows, cols), t6(rows, cols);
  copy(other.begin(), other.end(), writeonly_texture_view<float_2, 2>(t5));
  copy(src.begin(), src.end(), texture_view<float_2, 2>(t6));
  std::vector<float_2> via_const(n, float_2(static_cast<float>(poison))), via_rw = via_const,
                                                                          via_raw = via_const;
  copy(texture_view<const float_2, 2>(t5), via_const.begin());
  copy(texture_view<float_2, 2>(t6), via_rw.begin());
  copy(texture_view<const float_2, 2>(t6), via_raw.data(), t6.data_length);
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(via_const[i].x, other[i].x);
    CHECK_EQ(via_const[i].y, other[i].y);
    CHECK_EQ(via_rw[i].x, src[i].x);
    CHECK_EQ(via_raw[i].y, src[i].y);
  }
  bool threw = false;
  try {
    texture<float, 2> mip(extent<2>(8, 8), 32u, 3u, accelerator().default_view);
  } catch (const runtime_exception&) {
    threw = true;
  }
  CHECK_EQ(threw, true);
  threw = false;
  try {
    copy(src.begin(), src.begin() + 3, t);
  } catch (const runtime_exception&) {
    threw = true;
  }
  CHECK_EQ(threw, true);
}

}  // namespace

int main() {
  two_dimensional_float();
  one_dimensional_int_in_place();
  three_dimensional_uint();
  short_vectors();
  normalized();
  sampling();
  sampling_ranks_1_and_3();
  mirror_and_border();
  relaunch_on_other_textures();
  views_made_in_kernel();
  copies();
  return report("amp_lowering.textures");
}
