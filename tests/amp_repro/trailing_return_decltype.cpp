// Cause trailing-return-context (front end): in a restrict(amp) function's trailing return type,
// decltype(f()) should see f's restrict(amp) overload (the declarator's restriction applies to
// what follows it). ampcl-c++ resolved it as restrict(cpu) and the return type was the cpu
// overload's: "no viable conversion from 'decltype(pick())' (aka 'on_cpu') to 'on_amp'".
// (HCC unit test decltype/TrailingReturn.) Fixed in every dialect: the trailing return type
// of a restrict(amp) function is read in restrict(amp) context (restriction_context.hpp), a
// member's with its class's access, a restrict(cpu) function's as before.
// bug: build
#include <amp.h>
#include <type_traits>

struct on_cpu { int c; };
struct on_amp { int a; };
on_cpu pick() restrict(cpu);
on_amp pick() restrict(amp);

auto chosen() restrict(amp) -> decltype(pick());
void use() restrict(amp) { on_amp r = chosen(); (void)r; }

class holder {
  static int hidden() restrict(amp) { return 1; }
 public:
  auto member() restrict(amp) -> decltype(hidden() + pick().a);
  auto host_side() restrict(cpu) -> decltype(pick());
};
static_assert(std::is_same<decltype(holder().host_side()), on_cpu>::value,
              "a restrict(cpu) function's trailing return type stays in cpu context");

int main() { return 0; }
