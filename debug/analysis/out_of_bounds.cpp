#include "record_rule.hpp"

namespace ampcl::debug {

namespace {

// An access outside the storage of an array/array_view (its view's extent) or of a
// tile_static array. The device redirected it to scratch memory, so the launch ran on.
class out_of_bounds_rule : public rule {
 public:
  hazard_class kind() const override { return hazard_class::out_of_bounds; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(hazard_class::out_of_bounds)) continue;
      hazard h = detail::from_record(in, r, kind());
      // The device stores the work-item first and the byte offset second.
      const bool copy = detail::is_copy_item(r.memory, r.item_first);
      if (copy)
        for (int& v : h.item_a) v = detail::copy_index;
      else if (r.memory == layout::memory_local)
        detail::local_index(in.launch, r.item_first, h.item_a);
      else
        detail::global_index(in.launch, r.item_first, h.item_a);
      for (int d = 0; d < 3; ++d) h.item_b[d] = h.item_a[d];
      const bool known = r.object != layout::unknown_item;
      if (!known)
        h.variable =
            in.program->site(r.site_second) ? in.program->site(r.site_second)->variable : "";
      const auto offset = static_cast<std::int32_t>(r.item_second);
      h.detail =
          (copy ? std::string("the tile's async copy")
                : std::string(r.memory == layout::memory_local ? "work-item "
                                                               : "work-item (global) ") +
                      detail::index_text(h.rank, h.item_a)) +
          " accesses " + (h.variable.empty() ? std::string("memory") : h.variable) +
          (known ? " at byte offset " + std::to_string(offset) : std::string()) + ", outside its " +
          (r.memory == layout::memory_local ? "tile_static array" : "array/array_view extent") +
          "; the access was redirected to scratch memory and not performed.";
      out.push_back(std::move(h));
    }
  }
};

}  // namespace

std::unique_ptr<rule> make_out_of_bounds_rule() {
  return std::make_unique<out_of_bounds_rule>();
}

}  // namespace ampcl::debug
