static const int limit = 8;
int clamp(int x) restrict(amp) {
  const int* bound = &limit;  // error: the address of global variable 'limit' is not allowed in restrict(amp) code
  return x < *bound ? x : limit;
}
int main() { return 0; }
