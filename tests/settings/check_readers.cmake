# Fails when C++ under lib/ include/ debug/ translate/ tools/ reads an environment
# variable other than through the settings table: a getenv("AMPCL_...") outside
# include/ampcl/detail/settings.hpp, or a getenv of a name it cannot see (a
# variable, a constant). Others' variables may be read by their literal name.
# cmake -DSOURCE_DIR=<repository> -P check_readers.cmake
set(allowed_others "HOME|XDG_CACHE_HOME|TMPDIR|OPENCL_LAYERS|POCL_KERNEL_CACHE")
set(reader "include/ampcl/detail/settings.hpp")
set(found "")
foreach(dir lib include debug translate tools)
  file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
       ${SOURCE_DIR}/${dir}/*.cpp ${SOURCE_DIR}/${dir}/*.hpp ${SOURCE_DIR}/${dir}/*.h
       ${SOURCE_DIR}/${dir}/*.cc)
  foreach(source IN LISTS sources)
    if(source STREQUAL reader)
      continue()
    endif()
    file(STRINGS ${SOURCE_DIR}/${source} lines REGEX "getenv[ \t]*\\(")
    foreach(line IN LISTS lines)
      if(NOT line MATCHES "getenv[ \t]*\\([ \t]*\"(${allowed_others})\"[ \t]*\\)")
        string(STRIP "${line}" line)
        string(APPEND found "  ${source}: ${line}\n")
      endif()
    endforeach()
  endforeach()
endforeach()
if(found)
  message(FATAL_ERROR
    "These lines read the environment outside the settings table:\n${found}"
    "Fix: give an AMPCL_ variable a row in include/ampcl/detail/settings_table.hpp and read "
    "it with ampcl::detail::settings (number, seconds, on, choice, text, numbers, handles: "
    "include/ampcl/detail/settings.hpp), then regenerate docs/settings.md "
    "(cmake --build build --target ampcl_settings_doc_update). Another program's variable "
    "is read by its literal name and added to allowed_others in ${CMAKE_CURRENT_LIST_FILE}.")
endif()
