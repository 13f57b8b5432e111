#include <vector>

#include "decode.hpp"

namespace ampcl::debug {

namespace {

// Work-items of one tile at different barriers, or passing different numbers of
// them. Two sources: the device's votes on branches that guard barriers (a split
// vote is reported and the branch taken as false by all, so the launch ends), and,
// for whatever the votes missed, the per-work-item barrier counts at exit.
class barrier_divergence_rule : public rule {
 public:
  hazard_class kind() const override { return hazard_class::barrier_divergence; }

  void run(const analysis_input& in, std::vector<hazard>& out) const override {
    const instrument_result& p = *in.program;
    for (const auto& r : in.records) {
      if (r.cls != static_cast<std::uint32_t>(kind())) continue;
      hazard h = detail::from_record(in, r, kind());
      const site_info* branch = p.site(r.site_first);
      h.first = detail::site_of(p, r.site_first);
      h.second =
          branch && branch->related_site ? detail::site_of(p, branch->related_site) : source_site{};
      h.variable.clear();
      h.memory.clear();
      h.detail = "work-item " + detail::index_text(h.rank, h.item_a) + " takes the branch at " +
                 h.first.file + ":" + std::to_string(h.first.line) + " and work-item " +
                 detail::index_text(h.rank, h.item_b) + " does not, but the branch " +
                 (h.second.line ? "contains the barrier at line " + std::to_string(h.second.line)
                                : std::string("skips a barrier")) +
                 "; every work-item of a tile must reach the same barriers. The checker made all "
                 "work-items skip the branch so the launch could finish.";
      out.push_back(std::move(h));
    }
    if (in.items.empty() || !in.launch.tiled) return;
    const launch_shape& l = in.launch;
    const std::size_t n = l.items();
    // Per tile: the first exited work-item's global linear id, and whether reported.
    const std::size_t tiles = l.groups(0) * l.groups(1) * l.groups(2);
    constexpr std::uint32_t none = 0xFFFFFFFFu;
    std::vector<std::uint32_t> first_of_tile(tiles, none);
    std::vector<char> reported(tiles, 0);
    for (std::uint32_t g = 0; g < n; ++g) {
      const std::uint32_t* it = &in.items[std::size_t{g} * layout::item_words];
      if (!(it[0] & layout::item_exited)) continue;
      std::size_t x = g % l.global[0], y = (g / l.global[0]) % l.global[1],
                  z = g / (l.global[0] * l.global[1]);
      auto tile = static_cast<std::uint32_t>(
          x / l.local[0] + l.groups(0) * (y / l.local[1] + l.groups(1) * (z / l.local[2])));
      if (tile >= tiles) continue;
      if (first_of_tile[tile] == none) {
        first_of_tile[tile] = g;
        continue;
      }
      if (reported[tile]) continue;
      const std::uint32_t* ref = &in.items[std::size_t{first_of_tile[tile]} * layout::item_words];
      if (ref[0] == it[0] && ref[1] == it[1]) continue;
      reported[tile] = 1;
      out.push_back(from_items(in, tile, first_of_tile[tile], ref, g, it));
    }
  }

 private:
  static hazard from_items(const analysis_input& in, std::uint32_t tile, std::uint32_t ga,
                           const std::uint32_t* a, std::uint32_t gb, const std::uint32_t* b) {
    const instrument_result& p = *in.program;
    hazard h;
    h.kind = hazard_class::barrier_divergence;
    h.kernel = p.kernel_name;
    h.rank = static_cast<int>(in.launch.work_dim);
    detail::tile_index(in.launch, tile, h.tile);
    detail::local_of_global(in.launch, ga, h.item_a);
    detail::local_of_global(in.launch, gb, h.item_b);
    const std::uint32_t na = a[0] & ~layout::item_exited, nb = b[0] & ~layout::item_exited;
    h.first = detail::site_of(p, a[2] ? a[2] : a[3]);
    h.second = detail::site_of(p, b[2] ? b[2] : b[3]);
    h.barrier_interval = static_cast<int>(na < nb ? na : nb);
    h.partial_check = in.partial;
    h.detail = "work-item " + detail::index_text(h.rank, h.item_a) + " passed " +
               std::to_string(na) + " barrier(s) and work-item " +
               detail::index_text(h.rank, h.item_b) + " passed " + std::to_string(nb) +
               (na == nb ? " at different places" : "") +
               "; every work-item of a tile must reach the same barriers in the same order.";
    return h;
  }
};

}  // namespace

std::unique_ptr<rule> make_barrier_divergence_rule() {
  return std::make_unique<barrier_divergence_rule>();
}

}  // namespace ampcl::debug
