// Statements and expressions: loops of every kind, switch, break/continue,
// conditional lvalues, compound assignments, comma, range-for over a C array,
// static_assert, integer and floating conversions, shifts, unsigned arithmetic,
// pseudo-destructor calls, C++ lvalues that C takes as values (prefix increments,
// assignments and commas used as lvalues, through references to pointers too).
#include "check.h"

using namespace concurrency;

int classify(int x) restrict(amp, cpu) {
  switch (x % 5) {
    case 0: return 10;
    case 1:
    case 2: return 20;
    default: break;
  }
  return x < 0 ? -1 : 30;
}

int loops(int x) restrict(amp, cpu) {
  static_assert(sizeof(int) == 4, "int is 32 bits");
  int total = 0;
  for (int i = 0; i < x; ++i) {
    if (i == 3) continue;
    if (i > 20) break;
    total += i;
  }
  int w = x;
  while (w > 0) w -= 3;
  do {
    total ^= w;
    ++w;
  } while (w < 2);
  const int small[4] = {1, 2, 3, 4};
  for (int v : small) total += v * x;
  int a = 1, b = 2;
  (x % 2 ? a : b) = 7;  // a conditional lvalue
  total += a * 100 + b * 1000;
  total += (a++, b++, a + b);
  unsigned int u = static_cast<unsigned int>(x) * 2654435761u;
  total += static_cast<int>(u >> 7) & 0xff;
  total <<= 1;
  total %= 1000003;
  const float f = x * 0.75f;
  total += static_cast<int>(f) + static_cast<int>(static_cast<double>(f) * 2.0);
  // Pseudo-destructor calls on scalars end nothing but their lifetime.
  using I = int;
  int* p = &total;
  p->~I();
  total.~I();
  return total;
}

// Each result below is an lvalue in C++ and a value in C.
int lvalue_results(int x) restrict(amp, cpu) {
  int data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int* p = data + 5;
  int*& rp = p;
  ----rp;                              // prefix of a prefix: p -> data + 3
  int total = *rp;                     // 4
  int a = x, b = 0;
  (a = 3) += 4;                        // a == 7
  (b += 2) *= 5;                       // b == 10
  ++++a;                               // a == 9
  int* q = data;
  int*& rq = (a > 0 ? (++b, q) : p);  // a comma inside a conditional lvalue
  ++rq;                                // q -> data + 1, b == 11
  (total++, a) = 20;                   // a == 20, total == 5
  int* r = &(--b);                     // the address of a prefix decrement: b == 10
  *r += 1;                             // b == 11
  return total + a * 10 + b * 1000 + *q * 100000 + x;
}

int main() {
  const int n = 100;
  std::vector<int> out(3 * n, poison);
  array_view<int, 2> av(n, 3, out);
  parallel_for_each(extent<1>(n), [=](index<1> i) restrict(amp) {
    av(i[0], 0) = classify(i[0] - 50);
    av(i[0], 1) = loops(i[0]);
    av(i[0], 2) = lvalue_results(i[0]);
  });
  for (int i = 0; i < n; ++i) {
    CHECK_EQ(av(i, 0), classify(i - 50));
    CHECK_EQ(av(i, 1), loops(i));
    CHECK_EQ(av(i, 2), lvalue_results(i));
  }
  CHECK_EQ(lvalue_results(5), 5 + 200 + 11000 + 200000 + 5);
  return report("statements");
}
