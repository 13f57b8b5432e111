struct cursor {
  float* at;
  int step;
};
float next(float x) restrict(amp) {
  cursor c;  // error: variable 'c': member 'cursor::at': a pointer ('float *') as a data member is not allowed in restrict(amp) code
  c.at = &x;
  return *c.at;
}
int main() { return 0; }
