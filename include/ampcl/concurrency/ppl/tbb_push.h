// Around the oneTBB headers the PPL headers include (tbb_pop.h after them; no
// include guard). In Visual C++'s dialect ampcl-c++ defines _MSC_VER, and oneTBB
// then takes Visual C++'s paths (its intrinsics, __declspec, Windows' headers):
// it (and _M_X64, which names oneTBB's Windows exports) is set aside while oneTBB's headers are read, so that they see the Linux
// compiler they were built for.
#pragma push_macro("_MSC_VER")
#pragma push_macro("_MSC_FULL_VER")
#pragma push_macro("_M_X64")
#pragma push_macro("_M_AMD64")
#undef _MSC_VER
#undef _MSC_FULL_VER
#undef _M_X64
#undef _M_AMD64
