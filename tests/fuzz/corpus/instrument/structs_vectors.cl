struct P { int x; float y[4]; };
__kernel void k(__global struct P* p, __global int4* v) {
  p[get_global_id(0)].y[2] += 1.0f;
  v[0].s12 = (int2)(1, 2);
  atomic_add(&p[0].x, 1);
  (*(v + 1)).x++;
}
