struct shape {
  virtual float area() const { return 0; }
  float side;
};
float side(float s) restrict(amp) {
  shape sq;  // error: 'shape', a class with virtual function 'shape::area', is not allowed in restrict(amp) code: make its functions non-virtual
  sq.side = s;
  return sq.side;
}
int main() { return 0; }
