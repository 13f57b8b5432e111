// Prints docs/settings.md: every row of the settings table
// (include/ampcl/detail/settings_table.hpp), grouped by who reads it. The page is
// checked in; the settings_doc test compares it with this output.
#include <ampcl/detail/settings.hpp>
#include <iostream>
#include <string>

namespace st = ampcl::detail::settings;

namespace {

struct section {
  st::component part;
  const char* title;
  const char* bad_value;  // what a value the reader cannot take does
};

const section sections[] = {
    {st::component::runtime, "Runtime (`lib/`)",
     "A bad value is a `runtime_exception` naming the variable, at first use."},
    {st::component::transfers, "Host/device copies (`lib/memory/`)",
     "Read once per process, at the first large copy; a bad value is a `runtime_exception`."},
    {st::component::kernel_library, "Kernel library (`lib/algorithms/`)",
     "Tuning knobs that replace the per-device choice; a bad value is a `runtime_exception` "
     "at the routine's launch."},
    {st::component::racecheck, "Race checker (`debug/hook`, `debug/instrument`, `debug/layer`)",
     "A value the checker cannot read checks nothing: the program runs on unchecked and the "
     "run fails with a `bad-setting` report that names the variable."},
    {st::component::racecheck_tool,
     "`ampcl-racecheck` and `.sim` launches (`tools/racecheck`, "
     "`debug/sim`)",
     "A bad value is an error of `ampcl-racecheck`, which then exits."},
    {st::component::translator, "`ampcl-c++` (`translate/`, `tools/clang_resource/`)",
     "Folders and a program name: what cannot be found there is an error of the tool."},
};

// Markdown table cells: a '|' would end the cell.
std::string cell(std::string s) {
  for (std::size_t at = 0; (at = s.find('|', at)) != std::string::npos; at += 2)
    s.replace(at, 1, "\\|");
  return s;
}

}  // namespace

int main() {
  std::cout
      << "<!-- Generated from include/ampcl/detail/settings_table.hpp by ampcl-settings-doc:\n"
         "     edit the table, then `cmake --build build --target ampcl_settings_doc_update`. -->\n"
         "# Settings\n\n"
         "Every environment variable ampcl's C++ reads, from the one table that the code reads "
         "them through (`include/ampcl/detail/settings_table.hpp`, parsed by "
         "`include/ampcl/detail/settings.hpp`).\n\n"
         "- Unset and empty are the same: the default applies.\n"
         "- Blanks around a number or a word are ignored; numbers take no unit and no sign.\n"
         "- A value that is not what the variable takes is never read as something else. The "
         "message is always the same sentence: `NAME='TEXT' is not WHAT IT TAKES: set it to "
         "one, or unset it for the default (DEFAULT)`; what follows depends on who reads it "
         "(each section says).\n"
         "- Variables of others that ampcl reads as their owners define them: `XDG_CACHE_HOME` "
         "and `HOME` (the disk cache's default folder), `TMPDIR` (`ampcl-racecheck`'s report "
         "folder), `OPENCL_LAYERS` (extended by `ampcl-racecheck`), `POCL_KERNEL_CACHE` (whether "
         "PoCL keeps its own builds: `AMPCL_CACHE_BINARIES`).\n";
  for (const section& s : sections) {
    std::cout << "\n## " << s.title << "\n\n" << s.bad_value << "\n\n";
    std::cout << "| variable | takes | default | what it does |\n| --- | --- | --- | --- |\n";
    for (const st::row& r : st::rows)
      if (r.part == s.part)
        std::cout << "| `" << r.name << "` | " << cell(st::accepted(r)) << " | " << cell(r.fallback)
                  << " | " << cell(r.doc) << " |\n";
  }
  return 0;
}
