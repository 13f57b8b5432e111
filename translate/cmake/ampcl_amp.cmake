# C++ AMP sources in CMake projects, compiled by ampcl-c++ (this build tree's, or
# the installed package's AMPCL_CXX_EXECUTABLE):
#
#   ampcl_add_amp_sources(<target> <file>... [FLAGS <flag>...])
#       compiles the files with ampcl-c++ into <target> (any executable or library;
#       its other sources stay with the project's compiler) and links it with ampcl;
#   ampcl_add_amp_executable(<target> SOURCES <file>... [FLAGS ...] [LINK ...])
#       a program made of C++ AMP sources only, linked by ampcl-c++.
#
# Objects are rebuilt when a source or any header it includes changes (the host
# pass writes a dependency file).

function(_ampcl_amp_driver out_driver out_deps)
  if(TARGET ampcl-c++)
    set(${out_driver} $<TARGET_FILE:ampcl-c++> PARENT_SCOPE)
    set(${out_deps} ampcl-c++ ampcl ampcl_amp PARENT_SCOPE)
  elseif(AMPCL_CXX_EXECUTABLE)
    set(${out_driver} ${AMPCL_CXX_EXECUTABLE} PARENT_SCOPE)
    set(${out_deps} "" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "ampcl-c++ is not part of this ampcl build (configure with -DAMPCL_AMP=ON)")
  endif()
endfunction()

# One object per source, in <dir>; their paths in <out_objects>.
function(_ampcl_amp_objects dir out_objects)
  cmake_parse_arguments(A "" "" "SOURCES;FLAGS" ${ARGN})
  _ampcl_amp_driver(driver driver_deps)
  set(objects)
  foreach(src IN LISTS A_SOURCES)
    get_filename_component(abs ${src} ABSOLUTE)
    get_filename_component(stem ${src} NAME_WE)
    set(obj ${dir}/${stem}.o)
    add_custom_command(OUTPUT ${obj}
      COMMAND ${CMAKE_COMMAND} -E make_directory ${dir}
      COMMAND ${driver} ${A_FLAGS} -MD -MF ${obj}.d -c ${abs} -o ${obj}
      DEPENDS ${abs} ${driver_deps}
      DEPFILE ${obj}.d
      COMMENT "ampcl-c++ ${src}"
      VERBATIM)
    list(APPEND objects ${obj})
  endforeach()
  set(${out_objects} ${objects} PARENT_SCOPE)
endfunction()

function(ampcl_add_amp_sources target)
  cmake_parse_arguments(A "" "" "FLAGS" ${ARGN})
  _ampcl_amp_objects(${CMAKE_CURRENT_BINARY_DIR}/${target}.amp objects
                     SOURCES ${A_UNPARSED_ARGUMENTS} FLAGS ${A_FLAGS})
  set_source_files_properties(${objects} PROPERTIES EXTERNAL_OBJECT TRUE GENERATED TRUE)
  target_sources(${target} PRIVATE ${objects})
  if(TARGET ampcl::ampcl_amp)
    target_link_libraries(${target} PRIVATE ampcl::ampcl_amp)
  else()
    target_link_libraries(${target} PRIVATE ampcl_amp)
  endif()
endfunction()

function(ampcl_add_amp_executable target)
  cmake_parse_arguments(A "" "" "SOURCES;FLAGS;LINK" ${ARGN})
  _ampcl_amp_driver(driver driver_deps)
  _ampcl_amp_objects(${CMAKE_CURRENT_BINARY_DIR}/${target}.dir objects
                     SOURCES ${A_SOURCES} FLAGS ${A_FLAGS})
  set(out ${CMAKE_CURRENT_BINARY_DIR}/${target})
  # In ampcl's own sanitizer builds libampcl is instrumented: the program links the
  # sanitizer's runtime first (the Clang-compiled objects themselves are not).
  set(sanitizer_link)
  if(TARGET ampcl-c++)
    foreach(flag IN LISTS AMPCL_SANITIZER_FLAGS)
      if(flag MATCHES "^-fsanitize=")
        list(APPEND sanitizer_link -Xlink ${flag})
      endif()
    endforeach()
  endif()
  add_custom_command(OUTPUT ${out}
    COMMAND ${driver} ${objects} ${A_LINK} ${sanitizer_link} -o ${out}
    DEPENDS ${objects} ${driver_deps}
    COMMENT "ampcl-c++ linking ${target}"
    VERBATIM)
  add_custom_target(${target} ALL DEPENDS ${out})
  set_target_properties(${target} PROPERTIES AMPCL_PROGRAM ${out})
endfunction()

# ampcl_add_amp_test(<test name> <source> [FLAGS <flag>...] [LINK <input>...])
#
# A C++ AMP program built by ampcl-c++ and run as a test: it passes when it exits 0.
function(ampcl_add_amp_test name source)
  cmake_parse_arguments(A "" "" "FLAGS;LINK" ${ARGN})
  string(REGEX REPLACE "[^A-Za-z0-9_]" "_" target "amp_test_${name}")
  ampcl_add_amp_executable(${target} SOURCES ${source} FLAGS ${A_FLAGS} LINK ${A_LINK})
  add_test(NAME ${name} COMMAND ${CMAKE_CURRENT_BINARY_DIR}/${target})
  set_tests_properties(${name} PROPERTIES TIMEOUT 300 LABELS amp)
endfunction()
