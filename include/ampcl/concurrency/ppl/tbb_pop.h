// After the oneTBB headers (tbb_push.h): _MSC_VER as ampcl-c++ defined it.
#pragma pop_macro("_MSC_FULL_VER")
#pragma pop_macro("_M_AMD64")
#pragma pop_macro("_M_X64")
#pragma pop_macro("_MSC_VER")
