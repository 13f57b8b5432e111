# Writes a C++ file defining a function that returns the text of INPUT.
# cmake -DINPUT=... -DOUTPUT=... -DFUNCTION=ns::name -P embed_text.cmake
file(READ "${INPUT}" text)
string(LENGTH "${text}" len)
# Split into chunks: some compilers limit the length of one string literal.
set(chunks "")
set(pos 0)
while(pos LESS len)
  string(SUBSTRING "${text}" ${pos} 4000 chunk)
  string(APPEND chunks "R\"ampcl_embed(${chunk})ampcl_embed\"\n")
  math(EXPR pos "${pos} + 4000")
endwhile()
string(REGEX MATCH "^(.*)::([^:]+)$" _ "${FUNCTION}")
set(ns "${CMAKE_MATCH_1}")
set(fn "${CMAKE_MATCH_2}")
file(WRITE "${OUTPUT}.tmp" "// Generated from ${INPUT}; do not edit.\n#include <string>\nnamespace ${ns} {\nconst std::string& ${fn}() {\n  static const std::string text =\n${chunks};\n  return text;\n}\n}  // namespace ${ns}\n")
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
