// Included at the top of each public compatibility header, macros_pop.h at its end
// (no include guard: each use pushes once). <windows.h> defines Visual C++'s min
// and max macros, which would break every `numeric_limits<T>::max()` and
// `std::min(a, b)` in the headers included after it: they are set aside here.
#pragma push_macro("min")
#pragma push_macro("max")
#undef min
#undef max
