tile_static int shared;  // error: tile_static variable 'shared' is outside restrict(amp) code
int main() { return 0; }
