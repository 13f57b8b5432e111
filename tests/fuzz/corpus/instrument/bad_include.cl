#include <no_such_header.h>
__kernel void k(__global int* a) { a[0] = 1; }
