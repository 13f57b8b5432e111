# cmake -DRACECHECK=... -DOCLGRIND=... -DSIM=... -DINCLUDE=... -P same_as_oclgrind.cmake
# Runs a race-free launch file under ampcl-racecheck --run-sim (the device) and
# under oclgrind-kernel (the reference) and requires identical dump output.
get_filename_component(dir ${SIM} DIRECTORY)
get_filename_component(file ${SIM} NAME)
execute_process(COMMAND ${RACECHECK} --run-sim ${file}
                WORKING_DIRECTORY ${dir} RESULT_VARIABLE mine_rc OUTPUT_VARIABLE mine ERROR_VARIABLE mine_err)
execute_process(COMMAND ${OCLGRIND} --build-options "-I${INCLUDE}" ${file}
                WORKING_DIRECTORY ${dir} RESULT_VARIABLE ref_rc OUTPUT_VARIABLE ref ERROR_VARIABLE ref_err)
if(NOT mine_rc EQUAL 0)
  message(FATAL_ERROR "ampcl-racecheck --run-sim ${file} failed (${mine_rc}):\n${mine_err}")
endif()
if(NOT ref_rc EQUAL 0)
  message(FATAL_ERROR "oclgrind-kernel ${file} failed (${ref_rc}):\n${ref_err}")
endif()
if(NOT mine STREQUAL ref)
  message(FATAL_ERROR "dumps differ for ${file}\n--- ampcl-racecheck:\n${mine}\n--- oclgrind-kernel:\n${ref}")
endif()
