int main() {
  int total = 0;
  auto add = [&total](int x) restrict(amp) { total += x; };  // error: the lambda captures 'total' by reference: a restrict(amp) lambda written in CPU code can capture only a concurrency::array or a texture by reference
  (void)add;
  return 0;
}
