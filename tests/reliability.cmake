# Reliability checks beyond the GoogleTest suites (docs/reliability.md).

# AMPCL_DEVICE matching nothing: the error names the filter and lists the devices.
add_test(NAME device_env_matching_nothing COMMAND ampcl-info)
set_tests_properties(device_env_matching_nothing PROPERTIES
  ENVIRONMENT AMPCL_DEVICE=no-such-device-anywhere
  PASS_REGULAR_EXPRESSION "no OpenCL device matches 'no-such-device-anywhere'.*Devices:")

# The fuzz corpus through the instrumenter and PoCL: what compiles stays compilable.
if(AMPCL_RACECHECK AND TARGET ampcl_instrument_io)
  add_executable(fuzz_corpus_compiles fuzz/corpus_compiles.cpp)
  target_link_libraries(fuzz_corpus_compiles PRIVATE ampcl_instrument_io OpenCL::OpenCL)
  add_dependencies(fuzz_corpus_compiles ampcl-instrument)
  target_compile_definitions(fuzz_corpus_compiles PRIVATE CL_TARGET_OPENCL_VERSION=120)
  target_include_directories(fuzz_corpus_compiles PRIVATE ${PROJECT_SOURCE_DIR}/include)
  add_test(NAME fuzz_corpus_compiles
           COMMAND fuzz_corpus_compiles ${CMAKE_CURRENT_SOURCE_DIR}/fuzz/corpus/instrument
                   ${AMPCL_KERNEL_DIR})
  # Under ASan, LeakSanitizer's exit-time tracer crashes on this harness's PoCL threads
  # ("LeakSanitizer has encountered a fatal error"); the harness's leaks do not matter.
  set_tests_properties(fuzz_corpus_compiles PROPERTIES TIMEOUT 600
                       ENVIRONMENT "ASAN_OPTIONS=detect_leaks=0:use_sigaltstack=0")
endif()
