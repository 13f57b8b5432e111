// A kernel: OpenCL C source, the name of one __kernel in it, and the compile-time
// definitions it is instantiated with. Compiled once per device and options, cached.
#pragma once

#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace ampcl {

struct kernel_source;  // shared, immutable source text (lib/programs)
namespace detail {
struct kernel_variants;  // the compiled variants this kernel has launched (lib/launch)
std::shared_ptr<kernel_variants> make_kernel_variants();
}  // namespace detail

class kernel {
 public:
  // From an OpenCL C file. `#include <ampcl.clh>` resolves to the prelude; other
  // includes resolve relative to the file's folder.
  static kernel from_file(const std::string& path, const std::string& name);
  // From a string; `source_name` is used in diagnostics and race reports.
  static kernel from_source(const std::string& source, const std::string& name,
                            const std::string& source_name = "<string>");
  // A kernel from the library's own kernels/ folder, embedded at build time,
  // e.g. builtin("tile_average.cl", "tile_average").
  static kernel builtin(const std::string& file, const std::string& name);

  // Adds -D<key>=<value>. Returns a new kernel; the original is unchanged.
  template <class V>
  kernel define(const std::string& key, const V& value) const {
    std::ostringstream s;
    s << value;
    return with_option("-D" + key + "=" + s.str());
  }
  kernel define(const std::string& key) const { return with_option("-D" + key); }
  // Adds any other build option (e.g. -cl-fast-relaxed-math).
  kernel with_option(const std::string& option) const;
  // The whole kernel in relaxed precision (-cl-fast-relaxed-math): what C++ AMP's
  // fast_math does for every function, not only those written fast_math_*.
  kernel fast_math() const { return with_option("-cl-fast-relaxed-math"); }

  const std::string& name() const { return name_; }
  const std::string& options() const { return options_; }
  const std::string& source_name() const;
  const std::string& source() const;  // prelude expanded, with #line markers
  const std::shared_ptr<const kernel_source>& source_ptr() const { return source_; }
  detail::kernel_variants& variants() const { return *variants_; }

 private:
  kernel(std::shared_ptr<const kernel_source> src, std::string name)
      : source_(std::move(src)),
        name_(std::move(name)),
        variants_(detail::make_kernel_variants()) {}
  std::shared_ptr<const kernel_source> source_;
  std::string name_;
  std::string options_;
  // Shared by copies, which compile to the same programs; a new set of options
  // starts new variants.
  std::shared_ptr<detail::kernel_variants> variants_;
};

}  // namespace ampcl
