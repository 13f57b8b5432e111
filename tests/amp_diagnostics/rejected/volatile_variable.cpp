int read() restrict(amp) {
  volatile int flag = 1;  // error: variable 'flag': volatile ('volatile int') is not allowed in restrict(amp) code: remove it
  return flag;
}
int main() { return 0; }
