#include <amp.h>
struct tag {
  static int count;
};
int main() {
  concurrency::array<tag, 1> tags(10);  // error: the element type 'tag' has 1 byte (a class with no data members; static members take no space)
}
