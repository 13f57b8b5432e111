#include "record_rule.hpp"
#include "unchecked_reason.hpp"

namespace ampcl::debug {

namespace {

// A buffer the instrumenter found each work-item to own elements of went without a
// shadow (__ampcl_gpo), and an access left that pattern: its races were not looked
// for in the launch, which the report must say rather than "no hazards".
class element_pattern_rule : public rule {
 public:
  hazard_class kind() const override { return hazard_class::not_checked; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(hazard_class::not_checked)) continue;
      hazard h = detail::from_record(in, r, kind());
      detail::global_index(in.launch, r.item_first, h.item_a);
      for (int d = 0; d < 3; ++d) h.item_b[d] = h.item_a[d];
      h.reason = to_string(unchecked_reason::element_pattern);
      const std::string name = h.variable.empty() ? std::string("a buffer") : h.variable;
      std::string text = "work-item (global) " + detail::index_text(h.rank, h.item_a);
      text += " accessed " + name;
      text += "[" + std::to_string(r.item_second) + "]";
      text += ", which does not fit the pattern the checker found in every access of the kernel ";
      text += "to " + name;
      text += " (each work-item its own elements), so " + name;
      text +=
          " was not race-checked in this launch (its later launches are: they give it a "
          "shadow); AMPCL_RACECHECK_OWNED=0 gives it one in every launch.";
      h.detail = std::move(text);
      out.push_back(std::move(h));
    }
  }
};

}  // namespace

std::unique_ptr<rule> make_element_pattern_rule() {
  return std::make_unique<element_pattern_rule>();
}

}  // namespace ampcl::debug
