#include "corpus_expectations.hpp"

#include <regex>
#include <sstream>
#include <stdexcept>

#include "hazard_names.hpp"

namespace ampcl::corpus {

namespace {

std::string basename(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string describe(const expectation& e) {
  std::string s = std::string(debug::to_string(e.kind)) + " @ " + std::to_string(e.line);
  if (e.other_line) s += ", " + std::to_string(e.other_line);
  return s;
}

std::string describe(const observed& o) {
  std::string s =
      std::string(debug::to_string(o.kind)) + " @ " + o.file + ":" + std::to_string(o.line);
  if (o.other_line) s += " (other access on line " + std::to_string(o.other_line) + ")";
  return s;
}

bool matches(const expectation& e, const observed& o, const std::string& kernel_file) {
  return e.kind == o.kind && e.line == o.line && basename(o.file) == basename(kernel_file) &&
         (e.other_line == 0 || e.other_line == o.other_line);
}

}  // namespace

expectations parse_expectations(const std::string& source, const std::string& file_name) {
  static const std::regex marker(R"(^\s*//\s*EXPECT(-MAYBE|-ONE)?\s*:(.*)$)");
  static const std::regex hazard_form(R"(^\s*([a-z.-]+)\s*@\s*(\d+)\s*(?:,\s*(\d+)\s*)?$)");
  static const std::regex free_form(R"(^\s*race-free\s*$)");
  expectations out;
  bool any = false;
  std::istringstream in(source);
  std::string text;
  int number = 0;
  auto fail = [&](const std::string& why) {
    throw std::runtime_error(file_name + ":" + std::to_string(number) + ": " + why);
  };
  while (std::getline(in, text)) {
    ++number;
    std::smatch m;
    if (!std::regex_match(text, m, marker)) {
      if (text.find("EXPECT") != std::string::npos && text.find("//") != std::string::npos &&
          text.find("EXPECT") < text.find("//") + 4)
        fail("malformed EXPECT comment; write `// EXPECT: <class> @ <line>`");
      continue;
    }
    any = true;
    const bool maybe = m[1].matched;
    const bool one_of = m[1] == "-ONE";
    const std::string body = m[2];
    if (std::regex_match(body, free_form)) {
      if (maybe) fail("EXPECT-MAYBE/ONE: race-free means nothing; use EXPECT: race-free");
      out.race_free = true;
      continue;
    }
    std::smatch h;
    if (!std::regex_match(body, h, hazard_form))
      fail("cannot read '" + body +
           "'; write `// EXPECT: <class> @ <line>[, <other line>]` or `// EXPECT: race-free`");
    auto kind = debug::parse_hazard_class(h[1].str());
    if (!kind) {
      std::string known;
      for (auto c : debug::all_hazard_classes)
        known += std::string(known.empty() ? "" : ", ") + debug::to_string(c);
      fail("unknown hazard class '" + h[1].str() + "'; known: " + known);
    }
    expectation e;
    e.kind = *kind;
    e.line = std::stoi(h[2]);
    e.other_line = h[3].matched ? std::stoi(h[3]) : 0;
    e.required = !maybe;
    e.one_of = one_of;
    e.source_line = number;
    if (e.line <= 0) fail("line numbers start at 1");
    out.items.push_back(e);
  }
  number = 0;
  if (!any) fail("no `// EXPECT:` comment: every corpus kernel states its verdict");
  if (out.race_free && !out.items.empty())
    fail("EXPECT: race-free together with expected hazards; keep one");
  return out;
}

std::vector<std::string> compare(const expectations& want, const std::vector<observed>& got,
                                 const std::string& kernel_file) {
  std::vector<std::string> problems;
  for (const expectation& e : want.items) {
    if (!e.required) continue;
    bool found = false;
    for (const observed& o : got) found = found || matches(e, o, kernel_file);
    if (!found)
      problems.push_back("missing: " + describe(e) + " (EXPECT on line " +
                         std::to_string(e.source_line) + ")");
  }
  // EXPECT-ONE lines: at least one of them (the order is up to the scheduler).
  bool any_one_of = false, one_of_found = false;
  for (const expectation& e : want.items) {
    if (!e.one_of) continue;
    any_one_of = true;
    for (const observed& o : got) one_of_found = one_of_found || matches(e, o, kernel_file);
  }
  if (any_one_of && !one_of_found) {
    std::string all;
    for (const expectation& e : want.items)
      if (e.one_of) all += (all.empty() ? "" : " | ") + describe(e);
    problems.push_back("missing: one of " + all);
  }
  for (const observed& o : got) {
    bool expected = false;
    for (const expectation& e : want.items) expected = expected || matches(e, o, kernel_file);
    if (!expected)
      problems.push_back((want.race_free ? "reported in a race-free kernel: " : "unexpected: ") +
                         describe(o));
  }
  return problems;
}

}  // namespace ampcl::corpus
