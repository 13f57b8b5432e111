bool second(bool* flags) restrict(amp) {
  bool* p = flags + 1;  // error: pointer arithmetic on 'bool *' is not allowed in restrict(amp) code
  return *p;
}
int main() { return 0; }
