# Every AMPCL_* variable and its one strict reader (include/ampcl/detail/settings.hpp),
# header-only: the parts that do not link libampcl reach it through this target (the
# main project and the fuzzing project, tests/fuzz, include this file).
add_library(ampcl_settings INTERFACE)
target_include_directories(ampcl_settings
                           INTERFACE $<BUILD_INTERFACE:${CMAKE_CURRENT_LIST_DIR}/../include>)
