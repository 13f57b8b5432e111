// Runs every program of examples/programs.txt and compares its complete standard
// output, byte for byte, with tests/examples/expected/<program>.txt, written from
// the documents (see expected/README.md). Programs run from "/", so they must find
// their kernels without help from the working directory.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <ampcl/ampcl.hpp>
#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> demo_programs() {
  std::vector<std::string> names;
  std::ifstream in(AMPCL_EXAMPLE_PROGRAMS);
  for (std::string name; in >> name;) names.push_back(name);
  return names;
}

struct run_result {
  std::string out;
  int exit_code = -1;
};

run_result run_program(const std::string& name) {
  const std::string command = "cd / && exec '" + std::string(AMPCL_EXAMPLE_BIN) + "/" + name + "'";
  run_result r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buf;
  for (std::size_t n; (n = fread(buf.data(), 1, buf.size(), pipe)) > 0;)
    r.out.append(buf.data(), n);
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// ampcl-shared-memory prints nothing where the accelerator shares memory with
// the CPU, and the document's message where it does not.
std::string expected_file(const std::string& name) {
  std::string stem = name;
  if (name == "ampcl-shared-memory")
    stem += ampcl::accelerator().get_supports_cpu_shared_memory() ? ".supported" : ".unsupported";
  return std::string(AMPCL_EXPECTED_DIR) + "/" + stem + ".txt";
}

class ExampleOutput : public ::testing::TestWithParam<std::string> {};

TEST_P(ExampleOutput, MatchesTheDocumentExactly) {
  const std::string name = GetParam();
  const std::string expected_path = expected_file(name);
  std::ifstream probe(expected_path);
  ASSERT_TRUE(probe.good()) << "no expected output " << expected_path << " for " << name;
  const std::string expected = read_file(expected_path);

  const run_result r = run_program(name);
  EXPECT_EQ(r.exit_code, 0) << name << " failed";
  EXPECT_EQ(r.out, expected) << name << " printed something other than " << expected_path;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string s;
  for (char c : info.param) s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return s;
}

INSTANTIATE_TEST_SUITE_P(Programs, ExampleOutput, ::testing::ValuesIn(demo_programs()), test_name);

TEST(ExamplePrograms, ListIsNotEmpty) {
  EXPECT_GE(demo_programs().size(), 14u);
}

}  // namespace
