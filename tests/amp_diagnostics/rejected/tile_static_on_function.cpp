tile_static int shared_value() restrict(amp) { return 0; }  // error: tile_static applies only to variable declarations
int main() { return 0; }
