// Cause hd-body-unchecked (front end): a restrict(cpu, amp) function calls a restrict(amp)-only
// function. C++ AMP checks the body against both restrictions, so the call is an error (the cpu
// side has no such function); ampcl-c++ builds the program when nothing calls the function
// (Clang's CUDA mode diagnoses such a call only where the function is emitted). HCC's unit test
// Overload/Negative/linking_error expects the build to fail.
// bug: accepted
#include <amp.h>

int amp_only() restrict(amp) { return 2; }

int both() restrict(cpu, amp) { return amp_only(); }  // should not compile

int main() { return 0; }
