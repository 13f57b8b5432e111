// rejected/implicit_destructor_mixed_restrictions.cpp's fixed twin: the bases'
// destructors are restrict(cpu, amp), so the implicit one is too, and either side may
// destroy the object.
#include <amp.h>
struct device_part {
  int i;
  ~device_part() restrict(cpu, amp) {}
};
struct host_part {
  int j;
  ~host_part() restrict(cpu, amp) {}
};
struct both : device_part, host_part {};
void on_host() restrict(cpu) { both b; }
void on_device() restrict(amp) { both b; }
int main() { return 0; }
