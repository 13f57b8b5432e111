// Shared decoding for the rules: linear ids to AMP-ordered indices, site ids to
// source sites, object ids to variable names.
#pragma once

#include <string>

#include "analysis.hpp"

namespace ampcl::debug::detail {

// AMP dimension d is OpenCL dimension rank-1-d.
void tile_index(const launch_shape& l, std::uint32_t tile, int out[3]);
void local_index(const launch_shape& l, std::uint32_t local_linear, int out[3]);
void global_index(const launch_shape& l, std::uint32_t global_linear, int out[3]);
// The local index (AMP order) of a global linear id.
void local_of_global(const launch_shape& l, std::uint32_t global_linear, int out[3]);

source_site site_of(const instrument_result& p, std::uint32_t id);
std::string variable_of(const instrument_result& p, const layout::device_record& r);
std::string index_text(int rank, const int idx[3]);  // "(1, 2)"

// Whether a record's item is a tile's async copy rather than a work-item
// (AMPCL_COPY_LOCAL_ITEM, AMPCL_COPY_ITEM_BIT); a hazard's index holds copy_index then.
bool is_copy_item(std::uint32_t memory, std::uint32_t item);
inline constexpr int copy_index = -2;

// A hazard filled from a record: kernel, variable, memory, sites, tile, items,
// interval, count and partial flag. The rule adds the class and the detail.
hazard from_record(const analysis_input& in, const layout::device_record& r, hazard_class c);

}  // namespace ampcl::debug::detail
