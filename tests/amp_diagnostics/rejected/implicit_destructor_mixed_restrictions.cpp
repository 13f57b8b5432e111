// A class whose bases' destructors are restrict(cpu)-only and restrict(amp)-only has an
// implicit destructor no code can call. Clang 14 words that diagnostic with a %select
// out of range and then reads past its format string (minutes, or a crash); ampcl-c++
// words it itself (Microsoft's Special_member_functions/Negative/defaulted_dtor_null.01).
#include <amp.h>
struct device_part {
  int i;
  ~device_part() restrict(amp) {}
};
struct host_part {
  int j;
  ~host_part() restrict(cpu) {}
};
struct both : device_part, host_part {};
void on_device() restrict(amp) {
  both b;  // error: 'both::~both' (implicitly declared) can be called from neither restrict(cpu) nor restrict(amp) code
}
int main() { return 0; }
