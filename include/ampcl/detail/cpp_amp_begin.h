// Opens a stretch of C++ AMP's class headers (ampcl/concurrency/*.h) read by one of
// ampcl's API headers; <ampcl/detail/cpp_amp_end.h> closes it. C++ AMP's headers
// spell restrict(cpu, amp) and tile_static, which are macros for a host compiler
// (ampcl/concurrency/restrict_macros.h): the stretch defines them where the program
// has not (each on its own), and the end takes back those it defined, so that they do not
// reach code that includes only ampcl's API. No include guard: it is opened once
// per stretch, and stretches do not nest.
#if !defined(__CUDA__) && !defined(restrict)
#define __AMPCL_CPP_AMP_TAKES_RESTRICT 1
#endif
#if !defined(__CUDA__) && !defined(tile_static)
#define __AMPCL_CPP_AMP_TAKES_TILE_STATIC 1
#endif
#include <ampcl/concurrency/restrict_macros.h>
