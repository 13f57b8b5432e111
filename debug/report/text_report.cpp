// Compiler-style text, so editors and CI log parsers jump to the line:
//   reduce.cl:14:5: error: read-after-write on tile_static variable 'total' in kernel 'reduce'
//   [ampcl.raw]
//       <detail sentence>
//   reduce.cl:12:5: note: write by work-item (0) here, then read by work-item (3) at line 14;
//       tile (0), barrier interval 0, seen 12 times
//   reduce.cl:14:5: note: partial check: only some tiles were checked ...
// followed by one summary line. A kernel the checker could not check is an error
// of its own ("kernel 'k' was not checked (reason)") and the summary counts it:
// a run never ends in "no hazards found" when something went unchecked.
#include <ostream>

#include "hazard_names.hpp"
#include "report_formats.hpp"

namespace ampcl::debug {

namespace {

std::string where(const source_site& s) {
  std::string w = s.file.empty() ? std::string("<unknown>") : s.file;
  if (s.line <= 0) return w;
  w += ":" + std::to_string(s.line);
  if (s.column > 0) w += ":" + std::to_string(s.column);
  return w;
}

std::string plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string access_word(const source_site& s) {
  return s.access.empty() ? std::string("access") : s.access;
}

std::string times(std::uint64_t n) {
  if (n == 1) return "seen once";
  return "seen " + std::to_string(n) + " times";
}

// Inter-tile races name work-items by global index; the rest by local index.
// The device may not know the other work-item (index -1).
std::string item(const hazard& h, const int* idx) {
  if (idx[0] < 0) return "another work-item";
  const char* label =
      h.kind == hazard_class::inter_tile_race ? "work-item at global index " : "work-item ";
  return label + format_index(idx, h.rank);
}

// "note: in process 1234: ./test_reduce --fast", for a report of several processes.
void write_process_note(std::ostream& out, const hazard& h, const report_info& info) {
  if (!h.process.recorded()) return;
  const auto command = info.commands.find(h.process);
  out << where(primary_site(h)) << ": note: in process " << h.process.pid
      << (command == info.commands.end() || command->second.empty() ? "" : ": " + command->second)
      << "\n";
}

//   kernel.cl: error: kernel 'k' was not checked (crash) [ampcl.not-checked]
//       <detail: what happened and what to do>
void write_not_checked(std::ostream& out, const hazard& h) {
  out << where(h.first) << ": error: kernel '" << h.kernel << "' was not checked"
      << (h.reason.empty() ? "" : " (" + h.reason + ")") << " [" << rule_id(h.kind) << "]\n";
  if (!h.detail.empty()) out << "    " << h.detail << "\n";
  if (h.count > 1) out << where(h.first) << ": note: " << times(h.count) << "\n";
}

}  // namespace

void write_text_report(std::ostream& out, const std::vector<hazard>& hazards,
                       const report_info& info) {
  std::uint64_t occurrences = 0;
  std::size_t found = 0, unchecked = 0;
  for (const hazard& h : hazards) {
    if (is_not_checked(h)) {
      write_not_checked(out, h);
      write_process_note(out, h, info);
      ++unchecked;
      continue;
    }
    ++found;
    occurrences += h.count;
    const source_site& primary = primary_site(h);
    const source_site* other = related_site(h);
    out << where(primary) << ": error: " << hazard_subject(h) << " [" << rule_id(h.kind) << "]\n";
    if (!h.detail.empty()) out << "    " << h.detail << "\n";

    const std::string context = "tile " + format_index(h.tile, h.rank) + ", barrier interval " +
                                std::to_string(h.barrier_interval) + ", " + times(h.count);
    if (other) {
      out << where(*other) << ": note: " << access_word(*other) << " by " << item(h, h.item_a)
          << " here, then " << access_word(primary) << " by " << item(h, h.item_b) << " at line "
          << primary.line << "; " << context << "\n";
    } else {
      out << where(primary) << ": note: " << access_word(primary) << " by " << item(h, h.item_a)
          << "; " << context << "\n";
    }
    if (h.partial_check) {
      out << where(primary)
          << ": note: partial check: only some tiles were checked, so this launch may hold "
             "more hazards\n";
    }
    write_process_note(out, h, info);
  }
  out << info.tool_name << ": ";
  if (found == 0 && info.nothing_checked)
    out << "nothing was checked";
  else if (found == 0)
    out << (unchecked ? "no hazards found in what was checked" : "no hazards found");
  else
    out << plural(found, "hazard", "hazards") << " found ("
        << plural(occurrences, "occurrence", "occurrences") << ")";
  if (unchecked) out << "; " << plural(unchecked, "kernel", "kernels") << " NOT checked";
  out << "\n";
}

}  // namespace ampcl::debug
