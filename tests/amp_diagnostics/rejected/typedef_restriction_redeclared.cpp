// A function declared through a typedef of a restrict(amp) function type is
// restrict(amp): defining it as restrict(cpu, amp) is another restriction.
typedef int unary(int) restrict(amp);
unary negate;
int negate(int x) restrict(cpu, amp) { return -x; }  // error: restrict(cpu, amp) function 'negate' cannot overload restrict(amp) function 'negate'
int main() { return 0; }
