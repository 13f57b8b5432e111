// A default argument is bound where its function is declared: in a class defined
// inside restrict(amp) code, `pick()` is the restrict(amp) overload, which
// restrict(cpu) code cannot call when it leaves the argument out (MSVC's C3931).
int pick() restrict(amp) { return 1; }
int pick() restrict(cpu) { return 2; }
void outer() restrict(amp) {
  struct local {
    static int take(int x = pick()) restrict(cpu) { return x; }
    static int use() restrict(cpu) {
      return take();  // error: the default argument of 'outer()::local::take' (line 8) is bound where its class is defined, in the restrict(amp) function 'outer'
    }
  };
}
int main() { return 0; }
