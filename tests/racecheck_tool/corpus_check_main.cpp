// racecheck_corpus_check AMPCL_RACECHECK FILE.sim
// Runs `ampcl-racecheck --format json FILE.sim` and compares its report with
// the EXPECT comments of the kernel file (corpus_expectations.hpp). Exit 0 on
// a match; otherwise prints every difference and the tool's output.
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "corpus_expectations.hpp"
#include "hazard_names.hpp"
#include "json.hpp"

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// The .sim file's program file, as resolve_program_path would find it.
std::string kernel_file_of(const std::string& sim_path) {
  std::istringstream in(read_file(sim_path));
  std::string line;
  while (std::getline(in, line)) {
    line = line.substr(0, line.find('#'));
    std::istringstream words(line);
    std::string first;
    if (words >> first) {
      const auto slash = sim_path.find_last_of('/');
      return first[0] == '/' || slash == std::string::npos ? first
                                                           : sim_path.substr(0, slash + 1) + first;
    }
  }
  throw std::runtime_error(sim_path + ": no program file named");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: racecheck_corpus_check PATH/TO/ampcl-racecheck FILE.sim\n";
    return 2;
  }
  const std::string tool = argv[1], sim = argv[2];
  try {
    const std::string kernel_file = kernel_file_of(sim);
    const auto want = ampcl::corpus::parse_expectations(read_file(kernel_file), kernel_file);

    const std::string cmd = shell_quote(tool) + " --format json " + shell_quote(sim);
    FILE* p = popen(cmd.c_str(), "r");
    if (!p) throw std::runtime_error("cannot run " + cmd);
    std::string out;
    std::array<char, 4096> buf{};
    std::size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) out.append(buf.data(), n);
    const int st = pclose(p);
    const int status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (status != 0 && status != 1) {
      std::cerr << cmd << " failed with status " << status << " (see its messages above)\n" << out;
      return 1;
    }

    std::vector<ampcl::corpus::observed> got;
    const auto report = ampcl::debug::json::parse(out);
    for (const auto& h : report.find("hazards")->as_array()) {
      ampcl::corpus::observed o{};
      o.kind = *ampcl::debug::parse_hazard_class(h.find("kind")->as_string());
      o.file = h.find("location")->find("file")->as_string();
      o.line = static_cast<int>(h.find("location")->find("line")->as_int());
      const auto* second = h.find("second");
      if (second && !second->is_null())
        o.other_line = static_cast<int>(h.find("first")->find("line")->as_int());
      got.push_back(o);
    }
    if ((status == 1) != !got.empty()) {
      std::cerr << "exit status " << status << " does not agree with " << got.size()
                << " hazards reported\n";
      return 1;
    }
    const auto problems = ampcl::corpus::compare(want, got, kernel_file);
    for (const auto& p : problems) std::cerr << kernel_file << ": " << p << "\n";
    if (!problems.empty()) {
      std::cerr << "--- ampcl-racecheck --format json " << sim << ":\n" << out;
      return 1;
    }
    std::cout << sim << ": " << (got.empty() ? "race-free, as expected" : "hazards as expected")
              << "\n";
    return 0;
  } catch (const std::exception& e) {
    std::cerr << "racecheck_corpus_check: " << e.what() << "\n";
    return 1;
  }
}
