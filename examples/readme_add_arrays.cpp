#include <ampcl/ampcl.hpp>
#include <iostream>
#include <vector>

int main() {
  std::vector<int> a{1, 2, 3, 4, 5}, b{6, 7, 8, 9, 10}, sum(5);
  ampcl::array_view<const int, 1> av(5, a), bv(5, b);
  ampcl::array_view<int, 1> sumv(5, sum);
  sumv.discard_data();  // nothing to copy in: the kernel overwrites it

  ampcl::parallel_for_each(sumv.get_extent(),
                           ampcl::kernel::from_file("examples/kernels/add_arrays.cl", "add_arrays"),
                           av, bv, sumv);

  for (int i = 0; i < 5; ++i) std::cout << sumv[i] << "\n";  // 7 9 11 13 15
}
