typedef int binary(int, int);
int main() {
  binary* op restrict(cpu);  // error: restrict(cpu) is not part of a function declarator
  (void)op;
  return 0;
}
