# Fails when docs/settings.md is not what ampcl-settings-doc prints from the
# settings table: the page is generated, never edited by hand.
# cmake -DTOOL=<ampcl-settings-doc> -DDOC=<docs/settings.md> -P check_doc.cmake
execute_process(COMMAND ${TOOL} OUTPUT_VARIABLE expected RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "${TOOL} failed (${status})")
endif()
file(READ ${DOC} actual)
if(NOT actual STREQUAL expected)
  # NOTICE messages print as they are (FATAL_ERROR's are re-wrapped): the diff, or
  # the whole expected page where there is no diff.
  set(wanted ${CMAKE_CURRENT_BINARY_DIR}/settings.md.expected)
  file(WRITE ${wanted} "${expected}")
  find_program(DIFF diff)
  if(DIFF)
    execute_process(COMMAND ${DIFF} -u ${DOC} ${wanted})
  else()
    message("It should read:\n${expected}")
  endif()
  message(FATAL_ERROR
    "${DOC} differs from the settings table (include/ampcl/detail/settings_table.hpp). "
    "Fix: cmake --build <build> --target ampcl_settings_doc_update (or ${TOOL} > ${DOC}), "
    "then commit the page.")
endif()
