// Tables, target checks and CSV of the comparison runner.
#pragma once

#include "common.hpp"

namespace bench {

// Rows from bench/torch_baselines.py's JSON, attributed to `device`.
void add_torch_rows(const std::string& json_path, const std::string& device,
                    std::vector<row>& rows);
void print_table(const std::string& device, const std::vector<row>& rows, bool is_cpu);
// Writes results.csv (creating its folder); false, after saying why on stderr, when it cannot.
bool write_csv(const std::string& path, const std::vector<row>& rows);

}  // namespace bench
