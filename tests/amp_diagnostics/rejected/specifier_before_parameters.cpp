int restrict(cpu) answer() {  // error: restrict(cpu) must follow the parameter list of 'answer'
  return 42;
}
int main() { return answer() == 42 ? 0 : 1; }
