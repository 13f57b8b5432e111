// Evidence for two causes of docs/validation_amp.md (ours; no line of Bolt): Bolt's
// reduce_by_key leaves the output past its segments undefined (bolt-discarded-output-tail)
// and transform_scan in place returned its input until ampcl-c++ declared the buffers a kernel
// never writes const (read-only-view-copied-back; now the scan). Build it against the
// extracted HCC port as the harness builds a test (programs/<test>/build.log has the command):
//   B=$AMPCL_VALIDATION_WORK/bolt-hcc S=$B/src/Bolt
//   ampcl-c++ -O2 --hcc -I$S/include -I$S/test/amp -I$S/test/amp/common -I$S -DBOLT_AMP \
//     -DNOMINMAX bolt_wrong_values.cpp $B/_prebuilt/bolt_runtime.*.o -pthread -o probe
// Seen at ampcl edf7b92 on PoCL: 283 segments right, 714 of the 741 elements past them
// nonzero; the scan right into another array and the input back in place.
#include "bolt/amp/reduce_by_key.h"
#include "bolt/amp/transform_scan.h"
#include "bolt/amp/functional.h"
#include <cstdio>
#include <cstdlib>
#include <vector>
int main() {
  // ReduceByKey as ReduceByKeyTest.ReduceByKeyTestFloat/0 (length 1024).
  int length = 1024;
  std::vector<float> keys(length), input(length), kout(length), vout(length);
  float key = 1.0f;
  for (int i = 0; i < length; i++) {
    if (std::rand() % 4 == 1) key++;
    keys[i] = key;
    input[i] = (float)(std::rand() % 4);
  }
  auto p = bolt::amp::reduce_by_key(keys.begin(), keys.end(), input.begin(), kout.begin(), vout.begin(),
                                    bolt::amp::equal_to<float>(), bolt::amp::plus<float>());
  int n = (int)(p.first - kout.begin());
  // host reference for the first n entries
  int bad_in = 0, nonzero_tail = 0, seg = -1;
  std::vector<float> rk, rv;
  for (int i = 0; i < length; i++) {
    if (i == 0 || keys[i] != keys[i - 1]) { rk.push_back(keys[i]); rv.push_back(0); }
    rv.back() += input[i];
  }
  for (int i = 0; i < n; i++) bad_in += (kout[i] != rk[i]) + (vout[i] != rv[i]);
  for (int i = n; i < length; i++) nonzero_tail += (kout[i] != 0) || (vout[i] != 0);
  printf("reduce_by_key: %d segments (host %zu); wrong among them: %d; nonzero past them: %d of %d\n",
         n, rk.size(), bad_in, nonzero_tail, length - n);
  // TransformScan in place (the epr400104 test) and into another array.
  int a[10] = {1, -2, 3, -4, 5, -6, 7, -8, 9, -10}, b[10], c[10];
  for (int i = 0; i < 10; i++) c[i] = a[i];
  bolt::amp::transform_exclusive_scan(a, a + 10, b, bolt::amp::square<int>(), 0, bolt::amp::plus<int>());
  bolt::amp::transform_exclusive_scan(c, c + 10, c, bolt::amp::square<int>(), 0, bolt::amp::plus<int>());
  printf("transform_exclusive_scan into b:");
  for (int i = 0; i < 10; i++) printf(" %d", b[i]);
  printf("\ntransform_exclusive_scan in place:");
  for (int i = 0; i < 10; i++) printf(" %d", c[i]);
  printf("\nexpected: 0 1 5 14 30 55 91 140 204 285\n");
  return 0;
}
