double half(double x) restrict(amp) {
  long double precise = x;  // error: 'long double' is not allowed in restrict(amp) code: use double
  return static_cast<double>(precise / 2);
}
int main() { return 0; }
