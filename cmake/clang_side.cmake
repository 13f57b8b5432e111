# Included by the directories whose targets link Clang/LLVM in-process (the
# instrumenter, the Clang-headers lookup): LLVM's package, and no sanitizer flags
# there (sanitizer builds leave Clang's side alone; see AMPCL_SANITIZE at the top
# level). An include, not a function, so the directory properties are the caller's.
enable_language(C)  # LLVMConfig probes libffi/terminfo with C test programs
if(AMPCL_SANITIZER_FLAGS)
  set_property(DIRECTORY PROPERTY COMPILE_OPTIONS "")
  set_property(DIRECTORY PROPERTY LINK_OPTIONS "")
endif()
find_package(LLVM 14 REQUIRED CONFIG PATHS /usr/lib/llvm-14/lib/cmake/llvm NO_DEFAULT_PATH)
