int tile_value(int x) restrict(amp) {
  tile_static int* shared;  // error: tile_static variable 'shared' is a pointer ('int *')
  return x;
}
int main() { return 0; }
