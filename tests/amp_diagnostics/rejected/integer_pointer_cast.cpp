int* at(int address) restrict(amp) {
  return (int*)address;  // error: a cast from 'int' to 'int *' is not allowed in restrict(amp) code: integers and pointers do not convert into each other
}
int main() { return 0; }
