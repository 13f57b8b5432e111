struct shape {
  virtual float area() const restrict(cpu, amp) { return 0; }  // error: restrict(amp) function 'shape::area' is virtual: restrict(amp) code has no virtual calls; make it non-virtual
};
int main() { return 0; }
