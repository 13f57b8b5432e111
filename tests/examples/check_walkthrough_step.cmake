# Runs ampcl-racecheck on one step of the race-check walkthrough and checks its
# verdict: the exit status, the hazard classes the report must name, and those
# it must no longer name (the ones the step fixed).
#   cmake -DRACECHECK=<ampcl-racecheck> -DEXPECT_EXIT=<n> -DEXPECT_KINDS="a;b"
#         -DFORBID_KINDS="c;d" -- ARGS... -P check_walkthrough_step.cmake
# ARGS is a .sim file, or "--;<program>;<step>" for the program mode.
execute_process(COMMAND "${RACECHECK}" ${ARGS}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL EXPECT_EXIT)
  message(FATAL_ERROR "ampcl-racecheck ${ARGS} exited ${rc}, expected ${EXPECT_EXIT}:\n${out}\n${err}")
endif()
foreach(kind IN LISTS EXPECT_KINDS)
  string(FIND "${out}" "${kind}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "ampcl-racecheck ${ARGS} does not report '${kind}':\n${out}\n${err}")
  endif()
endforeach()
foreach(kind IN LISTS FORBID_KINDS)
  string(FIND "${out}" "${kind}" at)
  if(NOT at EQUAL -1)
    message(FATAL_ERROR "ampcl-racecheck ${ARGS} still reports '${kind}':\n${out}\n${err}")
  endif()
endforeach()
