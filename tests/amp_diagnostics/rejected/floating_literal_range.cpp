float huge() restrict(amp) {
  return 3.402823467e+38f;  // error: the floating literal 3.402823467e+38 is out of range for 'float'
}
int main() { return 0; }
