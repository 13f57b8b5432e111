// Most rules map device records of their class one to one onto hazards; they
// differ in the sentence that explains the hazard.
#pragma once

#include <functional>

#include "decode.hpp"

namespace ampcl::debug::detail {

class record_rule : public rule {
 public:
  using describe_fn = std::function<std::string(const analysis_input&, const hazard&,
                                                const layout::device_record&)>;
  record_rule(hazard_class c, describe_fn describe) : class_(c), describe_(std::move(describe)) {}

  hazard_class kind() const override { return class_; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(class_)) continue;
      hazard h = from_record(in, r, class_);
      h.detail = describe_(in, h, r);
      out.push_back(std::move(h));
    }
  }

 private:
  hazard_class class_;
  describe_fn describe_;
};

// "work-item (0, 1)", "another work-item" when the device could not name it, or the
// tile's async copy.
inline std::string item_text(const hazard& h, const int idx[3]) {
  if (idx[0] == copy_index) return "the tile's async copy";
  if (idx[0] < 0) return "another work-item";
  return "work-item " + index_text(h.rank, idx);
}

// How to order two conflicting accesses: with a tile barrier where the launch is
// tiled; an untiled launch has none, so its work-items cannot wait for one another.
inline std::string ordering_advice(const analysis_input& in, const std::string& tiled_advice) {
  if (in.launch.tiled) return tiled_advice;
  return "work-items of an untiled launch cannot wait for one another, so let each touch only "
         "elements of its own, combine the values with an atomic or a reduction, or tile the "
         "launch and " +
         tiled_advice;
}

inline std::string where_text(const source_site& s) {
  return s.file + ":" + std::to_string(s.line) + ":" + std::to_string(s.column);
}

}  // namespace ampcl::debug::detail
