__kernel void k(__global int* a) { if (
