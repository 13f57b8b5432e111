struct buffer {
  buffer() {}
  buffer() restrict(amp) {}
  ~buffer();  // error: the destructor of 'buffer' is not restrict(amp) but constructor at line 3 is
};
int main() { return 0; }
