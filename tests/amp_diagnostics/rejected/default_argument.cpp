// A default argument is evaluated by the (restrict(amp)) caller.
inline int offset(int x = [] { return 1; }()) restrict(amp) {  // error: the lambda at line 2, which has no restrict(amp), cannot be called from restrict(amp) code
  return x;
}
int main() { return 0; }
