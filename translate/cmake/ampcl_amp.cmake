# ampcl_add_amp_executable(<target> SOURCES <file>... [FLAGS <flag>...] [LINK <item>...])
#
# Builds C++ AMP sources into the program <target> with ampcl-c++ (from this build
# tree, or AMPCL_CXX_EXECUTABLE), rebuilding when a source or any header it
# includes changes (the host pass writes a dependency file).
function(ampcl_add_amp_executable target)
  cmake_parse_arguments(A "" "" "SOURCES;FLAGS;LINK" ${ARGN})
  if(TARGET ampcl-c++)
    set(driver $<TARGET_FILE:ampcl-c++>)
    set(driver_deps ampcl-c++ ampcl ampcl_amp)
  else()
    set(driver ${AMPCL_CXX_EXECUTABLE})
    set(driver_deps)
  endif()
  set(objects)
  foreach(src IN LISTS A_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(stem ${src} NAME_WE)
    set(obj ${CMAKE_CURRENT_BINARY_DIR}/${target}.dir/${stem}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_CURRENT_BINARY_DIR}/${target}.dir
      COMMAND ${driver} ${A_FLAGS} -MD -MF ${obj}.d -c ${abs} -o ${obj}
      DEPENDS ${abs} ${driver_deps}
      DEPFILE ${obj}.d
      COMMENT "ampcl-c++ ${src}"
      VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target})
  add_custom_command(OUTPUT ${out}
    COMMAND ${driver} ${objects} ${A_LINK} -o ${out}
    DEPENDS ${objects} ${driver_deps}
    COMMENT "ampcl-c++ linking ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${out})
  set_target_properties(${target} PROPERTIES AMPCL_PROGRAM ${out})
endfunction()

# ampcl_add_amp_test(<test name> <source> [FLAGS <flag>...])
#
# A C++ AMP program built by ampcl-c++ and run as a test: it passes when it exits 0.
function(ampcl_add_amp_test name source)
  cmake_parse_arguments(A "" "" "FLAGS" ${ARGN})
  string(REGEX REPLACE "[^A-Za-z0-9_]" "_" target "amp_test_${name}")
  ampcl_add_amp_executable(${target} SOURCES ${source} FLAGS ${A_FLAGS})
  add_test(NAME ${name} COMMAND ${CMAKE_CURRENT_BINARY_DIR}/${target})
  set_tests_properties(${name} PROPERTIES TIMEOUT 300 LABELS amp)
endfunction()
