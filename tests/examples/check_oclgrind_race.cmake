# Runs one race demonstration launch file under Oclgrind and checks its verdict.
#   cmake -DOCLGRIND_KERNEL=... -DSIM=total_race.sim -DPRELUDE_DIR=... -DEXPECT_RACE=ON|OFF
#         -DEXPECT_DUMP=<file> -P check_oclgrind_race.cmake
# The launch file's program path is relative to its folder, so it runs there.
get_filename_component(sim_dir "${SIM}" DIRECTORY)
get_filename_component(sim_name "${SIM}" NAME)
execute_process(
  COMMAND "${OCLGRIND_KERNEL}" --data-races --build-options "-I ${PRELUDE_DIR}" "${sim_name}"
  WORKING_DIRECTORY "${sim_dir}"
  RESULT_VARIABLE rc
  OUTPUT_VARIABLE out
  ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "oclgrind-kernel failed (${rc}) on ${SIM}:\n${err}")
endif()
string(FIND "${err}" "data race" race_at)
if(EXPECT_RACE AND race_at EQUAL -1)
  message(FATAL_ERROR "Oclgrind reports no data race in ${SIM}, which has one:\n${err}")
endif()
if(NOT EXPECT_RACE AND NOT race_at EQUAL -1)
  message(FATAL_ERROR "Oclgrind reports a data race in race-free ${SIM}:\n${err}")
endif()
if(EXPECT_RACE)
  string(FIND "${err}" "total +=" line_at)
  if(line_at EQUAL -1)
    message(FATAL_ERROR "the race in ${SIM} is not reported on the 'total +=' line:\n${err}")
  endif()
endif()
if(EXPECT_DUMP)
  file(READ "${EXPECT_DUMP}" expected)
  if(NOT out STREQUAL expected)
    message(FATAL_ERROR "${SIM} dumped:\n${out}\nexpected (${EXPECT_DUMP}):\n${expected}")
  endif()
endif()
