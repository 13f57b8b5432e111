// The process-wide sink of hazards found by the debug mode's hook.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "hazard.hpp"
#include "hazards_jsonl.hpp"

namespace ampcl::debug {

// Every hazard published since the start (or the last clear), in order.
std::vector<hazard> collected_hazards();
void clear_collected_hazards();

// Called with each launch's hazards as they are published (from the thread that
// completed the launch). Returns an id for remove_hazard_listener.
using hazard_listener = std::function<void(const std::vector<hazard>&)>;
int add_hazard_listener(hazard_listener listener);
void remove_hazard_listener(int id);

void publish_hazards(const std::vector<hazard>& hazards);

// The launch journal (hazards_jsonl.hpp): each checked launch is announced
// before it is built and run, and marked once its records were analysed, so a
// reader can tell which launches a crash left unchecked. Events published
// together are written together (the launches a new launch finished, and its
// own announcement: one write a launch).
using launch_listener = std::function<void(const std::vector<launch_event>&)>;
void set_launch_listener(launch_listener listener);
void publish_launch_events(const std::vector<launch_event>& events);
inline void publish_launch_event(const launch_event& e) {
  publish_launch_events({e});
}

// Under ampcl-racecheck: appends every hazard and launch event published from now
// on to the report file at `path` (AMPCL_RACECHECK_REPORT), created now, so that
// an empty file says the checker ran. Failures are warned on stderr.
void report_to_file(const std::string& path);

}  // namespace ampcl::debug
