int twice(int x) restrict(amp) { return 2 * x; }
typedef int (*unary)(int) restrict(amp);  // error: restrict(amp) on a function pointer, reference or typedef ('unary') is not allowed
int apply(unary f, int x) { return f(x); }
int main() { return 0; }
