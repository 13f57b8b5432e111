__kernel void k(__local int* s, __global int* a) {
  s[get_local_id(0)] = a[get_global_id(0)];
  for (int i = 0; i < 3; ++i) { if (get_local_id(0) < i) barrier(CLK_LOCAL_MEM_FENCE); }
  a[get_global_id(0)] = s[(get_local_id(0) + 1) % get_local_size(0)];
}
