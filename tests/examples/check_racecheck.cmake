# Runs ampcl-racecheck on one race demonstration launch file and checks its verdict.
#   cmake -DRACECHECK=<ampcl-racecheck> -DSIM=<file.sim> -DEXPECT_EXIT=<n>
#         [-DMODE=--run-sim] [-DEXPECT_DUMP=<file>] [-DEXPECT_TEXT=<substring>] -P check_racecheck.cmake
# Exit statuses (ampcl-racecheck --help): 1 when hazards were found, 0 when the
# launch ran clean, 125 when the tool itself failed.
set(args "${SIM}")
if(MODE)
  set(args ${MODE} "${SIM}")
endif()
execute_process(COMMAND "${RACECHECK}" ${args}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "ampcl-racecheck ${args} exited ${rc}, expected ${EXPECT_EXIT}:\n${out}\n${err}")
endif()
if(EXPECT_TEXT)
  string(FIND "${out}${err}" "${EXPECT_TEXT}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "ampcl-racecheck ${args} does not mention '${EXPECT_TEXT}':\n${out}\n${err}")
  endif()
endif()
if(EXPECT_DUMP)
  file(READ "${EXPECT_DUMP}" expected)
  string(FIND "${out}" "${expected}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "ampcl-racecheck ${args} dumped:\n${out}\nexpected to contain (${EXPECT_DUMP}):\n${expected}")
  endif()
endif()
