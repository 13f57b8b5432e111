# cmake -DPROGRAM=<exe> -DEXPECTED=<file> -P run_and_compare.cmake
# Runs the program and compares its standard output with EXPECTED byte for byte.
execute_process(COMMAND ${PROGRAM} OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
file(READ ${EXPECTED} want)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${PROGRAM} exited with ${rc}\nstdout:\n${out}\nstderr:\n${err}")
endif()
if(NOT out STREQUAL want)
  message(FATAL_ERROR "${PROGRAM} printed\n${out}\nbut the expected output is\n${want}")
endif()
