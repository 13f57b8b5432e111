#include "dialect.hpp"

#include <cstdlib>

namespace ampcl::translate {

namespace {

bool starts_with(const std::string& s, const char* prefix) {
  return s.rfind(prefix, 0) == 0;
}

// The Visual C++ version a -fms-compatibility-version=MAJOR[.MINOR[.BUILD]] flag
// names, as _MSC_VER (19.29 -> 1929); 0 when it is not one.
int msc_ver_of(const std::string& flag) {
  static const char prefix[] = "-fms-compatibility-version=";
  if (!starts_with(flag, prefix)) return 0;
  const char* v = flag.c_str() + sizeof(prefix) - 1;
  char* end = nullptr;
  const long major = std::strtol(v, &end, 10);
  long minor = 0;
  if (end && *end == '.') minor = std::strtol(end + 1, nullptr, 10);
  return major > 0 && major < 100 && minor >= 0 && minor < 100 ? int(major * 100 + minor) : 0;
}

}  // namespace

std::optional<dialect> dialect_named(const std::string& name) {
  if (name == "msvc" || name == "visual-c++") return dialect::visual_cpp;
  if (name == "hcc") return dialect::hcc;
  if (name == "standard" || name == "iso") return dialect::standard;
  return std::nullopt;
}

const char* name_of(dialect d) {
  switch (d) {
    case dialect::visual_cpp:
      return "msvc";
    case dialect::hcc:
      return "hcc";
    case dialect::standard:
      return "standard";
  }
  return "?";
}

std::vector<std::string> dialect_flags(dialect d, const std::vector<std::string>& user_args) {
  // libstdc++ declares __float128 overloads unless __STRICT_ANSI__, and the
  // translation pass's device target has no __float128; Clang leaves the macro
  // out in GNU and Microsoft modes. Both passes read libstdc++ the same way.
  std::vector<std::string> flags = {"-D__STRICT_ANSI__"};
  if (d == dialect::hcc) {
    // HCC's own macros; its C++ AMP mode (not HC).
    for (const char* m :
         {"-D__HCC__=1", "-D__HCC_AMP__=1", "-D__KALMAR_CC__=1", "-D__KALMAR_AMP__=1"})
      flags.push_back(m);
    // What restrict.h accepts only from HCC's code (restrict(auto)).
    flags.push_back("-D__AMPCL_HCC_LENIENCIES__=1");
    return flags;
  }
  if (d != dialect::visual_cpp) return flags;

  int msc_ver = 1929;  // Visual Studio 2019 16.11, the last whose C++ AMP is not deprecated
  bool user_version = false, user_macro = false;
  for (const std::string& a : user_args) {
    if (const int v = msc_ver_of(a)) msc_ver = v, user_version = true;
    if (a == "-D_MSC_VER" || starts_with(a, "-D_MSC_VER=") || a == "-U_MSC_VER") user_macro = true;
  }
  for (const char* f : {
           "-fms-extensions",             // __declspec, __int64, __forceinline, #pragma warning ...
           "-fms-compatibility",          // lookup into dependent bases, missing typename, ...
           "-fdelayed-template-parsing",  // templates parsed when instantiated
           "-fgnuc-version=4.2.1",        // -fms-compatibility drops __GNUC__; glibc needs it
           "-Wno-microsoft",              // what Visual C++ accepts is not worth a warning here
           // A narrowing constant (0x80000000 as an int template argument): Visual C++
           // converted it; a warning here.
           "-Wno-error=c++11-narrowing",
       })
    flags.push_back(f);
  // Below 19, Clang's Microsoft mode drops char16_t and char32_t, which libstdc++ needs.
  if (!user_version) flags.push_back("-fms-compatibility-version=19.29");
  if (!user_macro) {
    // Clang defines _MSC_VER only for Windows targets; code tests it for Visual C++.
    flags.push_back("-D_MSC_VER=" + std::to_string(msc_ver));
    flags.push_back("-D_MSC_FULL_VER=" + std::to_string(msc_ver) + "00000");
  }
  flags.push_back("-D_MSC_EXTENSIONS=1");
  // The architecture macros clang-cl defines on x86-64, which code that tests
  // _MSC_VER also tests (Boost's type traits add __stdcall overloads without them).
  flags.push_back("-D_M_X64=100");
  flags.push_back("-D_M_AMD64=100");
  // Visual C++'s library has std::hardware_destructive_interference_size (oneTBB takes it
  // under _MSC_VER); libstdc++ declares it where the compiler gives the sizes, as GCC does
  // on x86-64 and Clang does not.
  flags.push_back("-D__GCC_DESTRUCTIVE_SIZE=64");
  flags.push_back("-D__GCC_CONSTRUCTIVE_SIZE=64");
  return flags;
}

std::vector<std::string> device_dialect_flags(dialect d) {
  if (d != dialect::hcc) return {};
  return {"-D__HCC_ACCELERATOR__=1", "-D__KALMAR_ACCELERATOR__=1"};
}

}  // namespace ampcl::translate
