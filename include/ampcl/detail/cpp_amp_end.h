// Closes the stretch <ampcl/detail/cpp_amp_begin.h> opened.
#ifdef __AMPCL_CPP_AMP_STRETCH
#undef restrict
#undef tile_static
#undef __AMPCL_CPP_AMP_STRETCH
#endif
