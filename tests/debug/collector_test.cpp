#include "collector.hpp"

#include <gtest/gtest.h>

using namespace ampcl::debug;

TEST(collector, keeps_hazards_and_tells_listeners) {
  clear_collected_hazards();
  std::size_t heard = 0;
  int id = add_hazard_listener([&](const std::vector<hazard>& h) { heard += h.size(); });
  hazard h;
  h.kind = hazard_class::write_after_write;
  h.variable = "total";
  publish_hazards({h, h});
  remove_hazard_listener(id);
  publish_hazards({h});
  EXPECT_EQ(heard, 2u);
  auto all = collected_hazards();
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].variable, "total");
  clear_collected_hazards();
  EXPECT_TRUE(collected_hazards().empty());
}
