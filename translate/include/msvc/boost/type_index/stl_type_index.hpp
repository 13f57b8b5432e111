// <boost/type_index/stl_type_index.hpp> in Visual C++'s dialect: Boost's own, read
// without _MSC_VER. Under _MSC_VER it calls std::type_info::raw_name, a member of
// Visual C++'s library only; the library here is libstdc++ (Boost.Program_options
// reaches this header: Bolt's tests). Boost's configuration needs no _MSC_VER: it
// tells compilers by __clang__.
#pragma push_macro("_MSC_VER")
#undef _MSC_VER
#include_next <boost/type_index/stl_type_index.hpp>
#pragma pop_macro("_MSC_VER")
