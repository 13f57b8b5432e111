extern "C" int answer() restrict(cpu, amp) {  // error: extern "C" function 'answer' is restrict(cpu, amp): C linkage has one name for both sides
  return 42;
}
int main() { return answer() == 42 ? 0 : 1; }
