#include "record_rule.hpp"

namespace ampcl::debug {

namespace {

// A subscript outside its array dimension's declared size: t[r][c] with c past the
// columns, or a private or __constant array indexed past its end. C leaves it
// undefined even where the address still falls inside the array (Oclgrind's
// "exceeds static array size"); the device recorded the first such subscript.
class subscript_out_of_range_rule : public rule {
 public:
  hazard_class kind() const override { return hazard_class::subscript_out_of_range; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(kind())) continue;
      hazard h = detail::from_record(in, r, kind());
      const bool local = r.memory == layout::memory_local;
      const bool priv = r.memory == AMPCL_MEM_PRIVATE, constant = r.memory == AMPCL_MEM_CONSTANT;
      if (local)
        detail::local_index(in.launch, r.item_first, h.item_a);
      else
        detail::global_index(in.launch, r.item_first, h.item_a);
      for (int d = 0; d < 3; ++d) h.item_b[d] = h.item_a[d];
      const site_info* s = in.program->site(r.site_second);
      h.variable = s ? s->variable : "";
      h.memory = local ? "tile_static" : priv ? "private" : constant ? "constant" : "global";
      const std::string name = h.variable.empty() ? std::string("an array") : h.variable;
      h.detail = std::string(local ? "work-item " : "work-item (global) ") +
                 detail::index_text(h.rank, h.item_a) + " subscripts " + name + " (" + h.memory +
                 ") with " + std::to_string(static_cast<std::int32_t>(r.item_second)) +
                 ", outside that dimension's " + std::to_string(r.object) + " elements" +
                 (priv ? "; where the index would leave the variable, element 0 was accessed "
                         "instead"
                       : "") +
                 ". C leaves this undefined even where the address stays inside the array: keep "
                 "every subscript within its own dimension (carry into the next one, or index "
                 "a flattened array).";
      out.push_back(std::move(h));
    }
  }
};

}  // namespace

std::unique_ptr<rule> make_subscript_out_of_range_rule() {
  return std::make_unique<subscript_out_of_range_rule>();
}

}  // namespace ampcl::debug
