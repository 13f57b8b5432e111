int low_byte(int x) restrict(amp) {
  return static_cast<unsigned char>(x);  // error: a value of type 'unsigned char': 'unsigned char' is not allowed in restrict(amp) code: use unsigned int
}
int main() { return 0; }
