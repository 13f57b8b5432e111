#include "hazard_json.hpp"

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "hazard_names.hpp"

namespace ampcl::debug {

namespace {

int clamp_rank(int rank) {
  return std::clamp(rank, 1, 3);
}

void put_site(std::ostringstream& o, const source_site& s) {
  o << "{\"file\":" << json::quote(s.file) << ",\"line\":" << s.line << ",\"column\":" << s.column
    << ",\"access\":" << json::quote(s.access) << "}";
}

void put_ints(std::ostringstream& o, const int* v, int rank) {
  o << '[';
  for (int i = 0; i < rank; ++i) o << (i ? "," : "") << v[i];
  o << ']';
}

const json::value& need(const json::value& obj, const char* key) {
  const json::value* v = obj.find(key);
  if (!v) throw std::runtime_error(std::string("hazard record lacks \"") + key + "\"");
  return *v;
}

template <class F>
auto field(const json::value& obj, const char* key, F get) {
  try {
    return get(need(obj, key));
  } catch (const std::runtime_error& e) {
    std::string what = e.what();
    if (what.rfind("hazard record", 0) == 0) throw;
    throw std::runtime_error(std::string("hazard record key \"") + key + "\": " + what);
  }
}

std::string opt_string(const json::value& obj, const char* key) {
  const json::value* v = obj.find(key);
  if (!v || v->is_null()) return {};
  return field(obj, key, [](const json::value& x) { return x.as_string(); });
}

source_site site_from(const json::value& v) {
  source_site s;
  s.file = field(v, "file", [](const json::value& x) { return x.as_string(); });
  s.line = static_cast<int>(field(v, "line", [](const json::value& x) { return x.as_int(); }));
  const json::value* col = v.find("column");
  s.column = col ? static_cast<int>(col->as_int()) : 0;
  s.access = opt_string(v, "access");
  return s;
}

void ints_from(const json::value& obj, const char* key, int* out) {
  const json::value* v = obj.find(key);
  if (!v) return;
  const auto& items = field(obj, key, [](const json::value& x) { return x.as_array(); });
  if (items.size() > 3)
    throw std::runtime_error(std::string("hazard record key \"") + key +
                             "\": at most 3 dimensions");
  for (std::size_t i = 0; i < items.size(); ++i) out[i] = static_cast<int>(items[i].as_int());
}

}  // namespace

process_ref process_from_json(const json::value& record) {
  process_ref p;
  if (const json::value* pid = record.find("pid")) p.pid = static_cast<int>(pid->as_int());
  if (const json::value* start = record.find("process_start")) p.start = start->as_uint();
  return p;
}

std::string hazard_to_json(const hazard& h) {
  const int rank = clamp_rank(h.rank);
  std::ostringstream o;
  o << "{\"kind\":" << json::quote(to_string(h.kind))
    << ",\"rule\":" << json::quote(rule_id(h.kind)) << ",\"kernel\":" << json::quote(h.kernel)
    << ",\"variable\":" << json::quote(h.variable) << ",\"memory\":" << json::quote(h.memory)
    << ",\"first\":";
  put_site(o, h.first);
  o << ",\"second\":";
  if (h.second.line > 0)
    put_site(o, h.second);
  else
    o << "null";
  o << ",\"rank\":" << rank << ",\"tile\":";
  put_ints(o, h.tile, rank);
  o << ",\"item_a\":";
  put_ints(o, h.item_a, rank);
  o << ",\"item_b\":";
  put_ints(o, h.item_b, rank);
  o << ",\"barrier_interval\":" << h.barrier_interval << ",\"count\":" << h.count
    << ",\"partial_check\":" << (h.partial_check ? "true" : "false");
  if (!h.reason.empty()) o << ",\"reason\":" << json::quote(h.reason);
  if (h.process.recorded())
    o << ",\"pid\":" << h.process.pid << ",\"process_start\":" << h.process.start;
  o << ",\"detail\":" << json::quote(h.detail) << "}";
  return o.str();
}

hazard hazard_from_json(const json::value& v) {
  if (!v.is_object()) throw std::runtime_error("hazard record is not a JSON object");
  hazard h;
  const std::string kind = field(v, "kind", [](const json::value& x) { return x.as_string(); });
  auto c = parse_hazard_class(kind);
  if (!c) throw std::runtime_error("hazard record has unknown kind \"" + kind + "\"");
  h.kind = *c;
  h.kernel = opt_string(v, "kernel");
  h.variable = opt_string(v, "variable");
  h.memory = opt_string(v, "memory");
  h.detail = opt_string(v, "detail");
  h.first = site_from(need(v, "first"));
  if (const json::value* s = v.find("second"); s && !s->is_null()) h.second = site_from(*s);
  if (const json::value* r = v.find("rank")) h.rank = clamp_rank(static_cast<int>(r->as_int()));
  ints_from(v, "tile", h.tile);
  ints_from(v, "item_a", h.item_a);
  ints_from(v, "item_b", h.item_b);
  if (const json::value* b = v.find("barrier_interval"))
    h.barrier_interval = static_cast<int>(b->as_int());
  if (const json::value* n = v.find("count")) h.count = n->as_uint();
  if (const json::value* p = v.find("partial_check")) h.partial_check = p->as_bool();
  h.reason = opt_string(v, "reason");
  h.process = process_from_json(v);
  return h;
}

}  // namespace ampcl::debug
