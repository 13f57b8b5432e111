// One report file, many processes (ampcl-racecheck -- ctest -j2): the journal
// keeps each process's launches apart however their lines interleave, and every
// line names the process that wrote it.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "hazard_json.hpp"
#include "hazards_jsonl.hpp"
#include "test_hazards.hpp"

namespace ampcl::debug {
namespace {

checker_log read(const std::string& text) {
  std::istringstream in(text);
  return read_checker_log(in);
}

// Two test programs of one `ctest -j2`, pids 101 and 202, with launch ids that
// collide (as two processes' own counters would): each "checked" closes only
// its own process's launch.
const std::string two_processes =
    R"({"event":"process","pid":101,"process_start":5000,"command":"./racy --gtest_filter=A"})"
    "\n"
    R"({"event":"process","pid":202,"process_start":5001,"command":"./clean"})"
    "\n"
    R"({"event":"launch","id":"1","pid":101,"process_start":5000,"kernel":"sum","source":"sum.cl"})"
    "\n"
    R"({"event":"launch","id":"1","pid":202,"process_start":5001,"kernel":"copy","source":"copy.cl"})"
    "\n"
    R"({"event":"checked","id":"1","pid":202,"process_start":5001})"
    "\n"
    R"({"event":"launch","id":"2","pid":202,"process_start":5001,"kernel":"copy","source":"copy.cl"})"
    "\n"
    R"({"event":"checked","id":"2","pid":202,"process_start":5001})"
    "\n";

TEST(JournalProcesses, InterleavedLaunchesStayWithTheirProcess) {
  const checker_log log = read(two_processes);
  ASSERT_EQ(log.open_launches.size(), 1u);  // 101's launch 1; 202 closed its own 1
  EXPECT_EQ(log.open_launches[0].kernel, "sum");
  EXPECT_EQ(log.open_launches[0].process.pid, 101);
  EXPECT_EQ(log.open_launches[0].process.start, 5000u);
}

TEST(JournalProcesses, EachProcessIsRecordedOnceWithItsCommandAndCounts) {
  // The plugin and the OpenCL layer of one process each say who they are.
  const checker_log log =
      read(two_processes +
           R"({"event":"process","pid":202,"process_start":5001,"command":"./clean"})" + "\n");
  ASSERT_EQ(log.processes.size(), 2u);
  EXPECT_EQ(log.processes[0].process.pid, 101);
  EXPECT_EQ(log.processes[0].command, "./racy --gtest_filter=A");
  EXPECT_EQ(log.processes[0].launches, 1u);
  EXPECT_EQ(log.processes[0].finished, 0u);
  EXPECT_EQ(log.processes[1].process.pid, 202);
  EXPECT_EQ(log.processes[1].command, "./clean");
  EXPECT_EQ(log.processes[1].launches, 2u);
  EXPECT_EQ(log.processes[1].finished, 2u);
}

TEST(JournalProcesses, AReusedPidIsAnotherProcess) {
  const std::string text =
      R"({"event":"launch","id":"7:1","pid":7,"process_start":100,"kernel":"a","source":"a.cl"})"
      "\n"
      R"({"event":"checked","id":"7:1","pid":7,"process_start":900})"
      "\n";
  const checker_log log = read(text);
  ASSERT_EQ(log.open_launches.size(), 1u);  // the later process cannot close it
  EXPECT_EQ(log.processes.size(), 2u);
}

TEST(JournalProcesses, HazardsNameTheirProcess) {
  hazard h = testing::total_race();
  h.process = {303, 42};
  const checker_log log = read(hazard_to_json(h) + "\n" + hazard_to_json(testing::oob_write()));
  ASSERT_EQ(log.hazards.size(), 2u);
  EXPECT_EQ(log.hazards[0].process, (process_ref{303, 42}));
  EXPECT_FALSE(log.hazards[1].process.recorded());
}

TEST(JournalProcesses, OneHazardInTwoProcessesIsReportedForEach) {
  hazard a = testing::total_race();
  a.process = {1, 1};
  hazard b = a;
  b.process = {2, 1};
  EXPECT_EQ(deduplicate({a, b, a}).size(), 2u);
}

class temp_report {
 public:
  temp_report() : path_("/tmp/ampcl-journal-" + std::to_string(::getpid()) + ".jsonl") {
    std::remove(path_.c_str());
  }
  ~temp_report() { std::remove(path_.c_str()); }
  const std::string& str() const { return path_; }

 private:
  std::string path_;
};

std::string first_line(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  return line;
}

TEST(JournalProcesses, AReportFileNamesItsProcessFirstAndStampsEveryLine) {
  temp_report p;
  const report_file file(p.str());
  launch_event e;
  e.id = new_launch_id("", 1);
  e.kernel = "k";
  file.write(std::vector<launch_event>{e});
  file.write(std::vector<hazard>{testing::total_race()});
  EXPECT_NE(first_line(p.str()).find("\"event\":\"process\""), std::string::npos);
  const checker_log log = read_checker_log(p.str());
  ASSERT_EQ(log.processes.size(), 1u);
  EXPECT_EQ(log.processes[0].process, this_process());
  EXPECT_EQ(log.processes[0].process.pid, ::getpid());
  EXPECT_NE(log.processes[0].command.find("racecheck_report_tests"), std::string::npos)
      << log.processes[0].command;
  ASSERT_EQ(log.open_launches.size(), 1u);
  EXPECT_EQ(log.open_launches[0].process, this_process());
  EXPECT_EQ(log.open_launches[0].id.rfind(process_key(this_process()) + ":", 0), 0u);
  ASSERT_EQ(log.hazards.size(), 1u);
  EXPECT_EQ(log.hazards[0].process, this_process());
}

// A child forked without exec shares the open file: its lines name the child,
// which announces itself, and its launch ids do not collide with the parent's.
TEST(JournalProcesses, AForkedChildIsAProcessOfItsOwn) {
  temp_report p;
  const report_file file(p.str());
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    launch_event e;
    e.id = new_launch_id("", 1);
    e.kernel = "in_child";
    file.write(std::vector<launch_event>{e});
    _exit(0);
  }
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  launch_event e;
  e.id = new_launch_id("", 1);
  e.kernel = "in_parent";
  file.write(std::vector<launch_event>{e});
  const checker_log log = read_checker_log(p.str());
  ASSERT_EQ(log.processes.size(), 2u);
  EXPECT_EQ(log.processes[1].process.pid, child);
  ASSERT_EQ(log.open_launches.size(), 2u);
  EXPECT_EQ(log.open_launches[0].process.pid, child);
  EXPECT_NE(log.open_launches[0].id, log.open_launches[1].id);
}

}  // namespace
}  // namespace ampcl::debug
