int deref(int* p) restrict(amp) {
  int** pp = &p;  // error: a pointer to a pointer ('int **') is not allowed in restrict(amp) code
  return **pp;
}
int main() { return 0; }
