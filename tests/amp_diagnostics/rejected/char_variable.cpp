// A restrict(amp) function no kernel calls is checked all the same.
int first_letter() restrict(amp) {
  char c = 'a';  // error: variable 'c': 'char' is not allowed in restrict(amp) code: use int
  return c;
}
int main() { return 0; }
