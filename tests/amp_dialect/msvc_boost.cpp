// Boost's headers in Visual C++'s dialect: under _MSC_VER Boost.TypeIndex calls
// std::type_info::raw_name, which only Visual C++'s library has (Bolt's tests reach
// it through Boost.Program_options); ampcl-c++ reads that header without _MSC_VER
// (translate/include/msvc/boost). Skipped (77) where Boost is not installed.
#include <cstdio>
#include <cstring>

#if __has_include(<boost/type_index.hpp>)
#include <boost/type_index.hpp>

int main() {
  const bool named =
      std::strcmp(boost::typeindex::type_id<int>().raw_name(), typeid(int).name()) == 0;
  const bool pretty = boost::typeindex::type_id<long>().pretty_name() == "long";
  const int bad = !named + !pretty;
  std::printf("%s: %d wrong\n", bad ? "FAIL" : "PASS", bad);
  return bad ? 1 : 0;
}
#else
int main() {
  std::puts("SKIP: Boost is not installed (libboost-dev)");
  return 77;
}
#endif
