double huge() restrict(amp) {
  return 1.7976931348623159e+308;  // error: the floating literal 1.7976931348623159e+308 is out of range for 'double'
}
int main() { return 0; }
