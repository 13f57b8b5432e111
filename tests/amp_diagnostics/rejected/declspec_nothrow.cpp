__declspec(nothrow) int zero() restrict(amp) {  // error: restrict(amp) function 'zero' is __declspec(nothrow), an exception specification
  return 0;
}
int main() { return 0; }
