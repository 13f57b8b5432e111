#include "collector.hpp"

#include <cstdio>
#include <exception>
#include <map>
#include <memory>
#include <mutex>

namespace ampcl::debug {

namespace {

struct collector {
  std::mutex m;
  std::vector<hazard> all;
  std::map<int, hazard_listener> listeners;
  int next_id = 1;
  std::shared_ptr<const launch_listener> journal;  // copied per event without allocating
};

collector& instance() {
  static collector c;
  return c;
}

}  // namespace

std::vector<hazard> collected_hazards() {
  auto& c = instance();
  std::lock_guard<std::mutex> lock(c.m);
  return c.all;
}

void clear_collected_hazards() {
  auto& c = instance();
  std::lock_guard<std::mutex> lock(c.m);
  c.all.clear();
}

int add_hazard_listener(hazard_listener listener) {
  auto& c = instance();
  std::lock_guard<std::mutex> lock(c.m);
  c.listeners[c.next_id] = std::move(listener);
  return c.next_id++;
}

void remove_hazard_listener(int id) {
  auto& c = instance();
  std::lock_guard<std::mutex> lock(c.m);
  c.listeners.erase(id);
}

void publish_hazards(const std::vector<hazard>& hazards) {
  if (hazards.empty()) return;  // most launches: nothing to tell
  auto& c = instance();
  std::vector<hazard_listener> listeners;
  {
    std::lock_guard<std::mutex> lock(c.m);
    c.all.insert(c.all.end(), hazards.begin(), hazards.end());
    for (auto& [id, l] : c.listeners) listeners.push_back(l);
  }
  // Outside the lock, so a listener may call collected_hazards().
  for (auto& l : listeners) l(hazards);
}

void set_launch_listener(launch_listener listener) {
  auto& c = instance();
  std::lock_guard<std::mutex> lock(c.m);
  c.journal = listener ? std::make_shared<const launch_listener>(std::move(listener)) : nullptr;
}

void publish_launch_events(const std::vector<launch_event>& events) {
  if (events.empty()) return;
  auto& c = instance();
  std::shared_ptr<const launch_listener> journal;
  {
    std::lock_guard<std::mutex> lock(c.m);
    journal = c.journal;
  }
  if (journal) (*journal)(events);
}

void report_to_file(const std::string& path) {
  const auto warn = [](const std::exception& e) {
    std::fprintf(stderr, "ampcl race check: %s\n", e.what());
  };
  std::shared_ptr<const report_file> file;
  try {
    file = std::make_shared<const report_file>(path);
  } catch (const std::exception& e) {
    warn(e);
    return;
  }
  add_hazard_listener([file, warn](const std::vector<hazard>& found) {
    if (found.empty()) return;
    try {
      file->write(found);
    } catch (const std::exception& e) {
      warn(e);
    }
  });
  set_launch_listener([file, warn](const std::vector<launch_event>& events) {
    try {
      file->write(events);
    } catch (const std::exception& x) {
      warn(x);
    }
  });
}

}  // namespace ampcl::debug
