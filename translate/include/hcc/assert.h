// <assert.h> for code written for HCC (ampcl-c++ --hcc puts translate/include/hcc
// first on the include path): HCC linked a device assert, and its libraries assert
// in restrict(cpu, amp) code (Random123's R123_ASSERT). Kernels have no abort here:
// in the translation pass, which reads the kernels, assert(e) checks nothing; the
// host pass compiles glibc's. No include guard, as for the C library's own: each
// inclusion follows NDEBUG.
#include_next <assert.h>

#if defined(__AMPCL_TRANSLATE__) && !defined(NDEBUG)
#undef assert
#define assert(e) ((void)sizeof((e) ? 1 : 0))
#endif
