enum suit : char { hearts, spades };
bool red(suit s) restrict(amp) {  // error: enum 'suit' with underlying type 'char' is not allowed in restrict(amp) code: give it int as its underlying type
  return s == hearts;
}
int main() { return 0; }
