// C++ AMP lets restrict(amp) code make an array_view over a pointer; its view
// struct is the one of the pointer's memory (private here).
#include <amp.h>
struct holder {
  holder(concurrency::extent<1> e, float* p) restrict(cpu, amp) : view(e, p) {}
  concurrency::array_view<float, 1> view;
};
int main() {
  std::vector<float> out(4);
  concurrency::array_view<float, 1> ov(4, out);
  concurrency::parallel_for_each(
      ov.extent, [=](concurrency::index<1> i) restrict(amp) {
        float local[4] = {1, 2, 3, 4};
        holder h(concurrency::extent<1>(4), local);
        ov[i] = h.view[i];
      });
  return 0;
}
