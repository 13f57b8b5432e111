struct flags {
  unsigned ready : 1;
  unsigned count : 31;
};
unsigned ready(unsigned x) restrict(amp) {
  flags f;  // error: bit-field 'flags::ready' is not allowed in restrict(amp) code: use a whole unsigned int and mask it
  f.ready = x;
  return f.ready;
}
int main() { return 0; }
