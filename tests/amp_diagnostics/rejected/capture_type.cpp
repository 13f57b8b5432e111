struct letter {
  char c;
};
int main() {
  letter l = {'a'};
  auto code = [l]() restrict(amp) { return 1; };  // error: the lambda captures 'l' by value: member 'letter::c': 'char' is not allowed in restrict(amp) code: use int
  (void)code;
  return 0;
}
