extern "C" int answer() restrict(amp) {  // error: extern "C" function 'answer' is declared restrict(amp) here and restrict(cpu) at line 4
  return 42;
}
extern "C" int answer() restrict(cpu) { return 42; }
int main() { return answer() == 42 ? 0 : 1; }
