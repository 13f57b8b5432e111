// Cause trailing-return-context (front end): in a restrict(amp) function's trailing return type,
// decltype(f()) should see f's restrict(amp) overload (the declarator's restriction applies to
// what follows it). ampcl-c++ resolves it as restrict(cpu) and the return type is the cpu
// overload's: "no viable conversion from 'decltype(pick())' (aka 'on_cpu') to 'on_amp'".
// (HCC unit test decltype/TrailingReturn.)
// bug: build
// open: the trailing return type is resolved before the declarator's restriction applies
#include <amp.h>

struct on_cpu { int c; };
struct on_amp { int a; };
on_cpu pick() restrict(cpu);
on_amp pick() restrict(amp);

auto chosen() restrict(amp) -> decltype(pick());
void use() restrict(amp) { on_amp r = chosen(); (void)r; }

int main() { return 0; }
