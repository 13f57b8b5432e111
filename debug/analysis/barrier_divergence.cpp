#include <vector>

#include "decode.hpp"

namespace ampcl::debug {

namespace {

// Work-items of one tile at different barriers, or passing different numbers of
// them. Two sources: the device's votes on branches that guard barriers (a split
// vote is reported and the branch taken as false by all, so the launch ends), and,
// for whatever the votes missed, the comparison of the work-items' barrier counts
// and sequences at exit (on the device, against each tile's first to exit).
class barrier_divergence_rule : public rule {
 public:
  hazard_class kind() const override { return hazard_class::barrier_divergence; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    const instrument_result& p = *in.program;
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(kind())) continue;
      if (r.memory == layout::memory_exit) {
        out.push_back(from_exits(in, r));
        continue;
      }
      hazard h = detail::from_record(in, r, kind());
      const site_info* branch = p.site(r.site_first);
      h.first = detail::site_of(p, r.site_first);
      h.second =
          branch && branch->related_site ? detail::site_of(p, branch->related_site) : source_site{};
      h.variable.clear();
      h.memory.clear();
      if (branch && branch->variable.rfind("async_work_group", 0) == 0) {
        h.second = source_site{};
        h.detail = "work-item " + detail::index_text(h.rank, h.item_b) + " calls " +
                   branch->variable + " at " + h.first.file + ":" + std::to_string(h.first.line) +
                   " with other arguments than work-item " + detail::index_text(h.rank, h.item_a) +
                   " (destination, source, count or stride); an async copy is made by the whole "
                   "tile, so every work-item must make the same one.";
        out.push_back(std::move(h));
        continue;
      }
      if (branch && branch->variable == "wait_group_events") {
        h.second = source_site{};
        h.detail = "work-item " + detail::index_text(h.rank, h.item_b) +
                   " waits at " + h.first.file + ":" + std::to_string(h.first.line) +
                   " on other events than work-item " + detail::index_text(h.rank, h.item_a) +
                   " (another count, or other elements of the event list); wait_group_events is "
                   "called by the whole tile, so every work-item must wait on the same events.";
        out.push_back(std::move(h));
        continue;
      }
      h.detail = "work-item " + detail::index_text(h.rank, h.item_a) + " takes the branch at " +
                 h.first.file + ":" + std::to_string(h.first.line) + " and work-item " +
                 detail::index_text(h.rank, h.item_b) + " does not, but the branch " +
                 (h.second.line ? "contains the barrier at line " + std::to_string(h.second.line)
                                : std::string("skips a barrier")) +
                 "; every work-item of a tile must reach the same barriers. The checker made all "
                 "work-items skip the branch so the launch could finish.";
      out.push_back(std::move(h));
    }
  }

 private:
  static hazard from_exits(const analysis_input& in, const layout::device_record& r) {
    const instrument_result& p = *in.program;
    hazard h;
    h.kind = hazard_class::barrier_divergence;
    h.kernel = p.kernel_name;
    h.rank = static_cast<int>(in.launch.work_dim);
    detail::tile_index(in.launch, r.tile, h.tile);
    detail::local_of_global(in.launch, r.item_first, h.item_a);
    detail::local_of_global(in.launch, r.item_second, h.item_b);
    const std::uint32_t na = r.epoch, nb = r.object;
    h.second = detail::site_of(p, r.site_second);
    h.partial_check = in.partial;
    h.count = r.count;
    const std::string rule =
        "; every work-item of a tile must reach the same barriers in the same order.";
    if (na == layout::unknown_item) {  // the device could not wait for the tile's first
      h.first = h.second;
      h.second = source_site{};
      h.barrier_interval = static_cast<int>(nb);
      h.detail = "work-item " + detail::index_text(h.rank, h.item_b) + " passed " +
                 std::to_string(nb) + " barrier(s), and work-item " +
                 detail::index_text(h.rank, h.item_a) +
                 " of its tile passed another number of them or others" + rule;
      return h;
    }
    h.first = detail::site_of(p, r.site_first);
    h.barrier_interval = static_cast<int>(na < nb ? na : nb);
    h.detail = "work-item " + detail::index_text(h.rank, h.item_a) + " passed " +
               std::to_string(na) + " barrier(s) and work-item " +
               detail::index_text(h.rank, h.item_b) + " passed " + std::to_string(nb) +
               (na == nb ? " at different places" : "") + rule;
    return h;
  }
};

}  // namespace

std::unique_ptr<rule> make_barrier_divergence_rule() {
  return std::make_unique<barrier_divergence_rule>();
}

}  // namespace ampcl::debug
