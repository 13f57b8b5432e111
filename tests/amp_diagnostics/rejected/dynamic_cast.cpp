struct a {};
struct b : a {};
int up(b* p) restrict(amp) {
  a* q = dynamic_cast<a*>(p);  // error: dynamic_cast is not allowed in restrict(amp) code
  return q ? 1 : 0;
}
int main() { return 0; }
