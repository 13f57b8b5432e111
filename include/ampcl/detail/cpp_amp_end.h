// Closes the stretch <ampcl/detail/cpp_amp_begin.h> opened: takes back the macros
// it defined, and only those.
#ifdef __AMPCL_CPP_AMP_TAKES_RESTRICT
#undef restrict
#undef __AMPCL_CPP_AMP_TAKES_RESTRICT
#endif
#ifdef __AMPCL_CPP_AMP_TAKES_TILE_STATIC
#undef tile_static
#undef __AMPCL_CPP_AMP_TAKES_TILE_STATIC
#endif
