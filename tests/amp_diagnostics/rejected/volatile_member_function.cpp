struct counter {
  int n;
  int get() volatile restrict(amp) { return n; }  // error: restrict(amp) function 'counter::get' is a volatile member function
};
int main() { return 0; }
