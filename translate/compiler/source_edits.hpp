// Edits of the user's sources that the next parse reads: the leniencies of
// Visual C++ and HCC that Clang 14 has no switch for are taken by rewriting the
// few places that need them (a temporary bound to a non-const reference, an
// inferred restriction) and parsing again. Both passes read the edited text, so
// they agree on every declaration. An edit keeps the line structure of the file:
// diagnostics keep the source's lines (columns after an edit on its line move).
#pragma once

#include <clang/Basic/SourceLocation.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <string>
#include <vector>

#include "restrictions.hpp"

namespace ampcl::translate {

class source_edits {
 public:
  // Files under `trusted_dirs` (ampcl's own headers) are never edited; the edited
  // texts are read as dialect `d` reads restriction specifiers.
  explicit source_edits(dialect d, std::vector<std::string> trusted_dirs = {})
      : dialect_(d), trusted_dirs_(std::move(trusted_dirs)) {}
  // Inserts `text` before the character at `at`, a location in a user's file (not
  // in a macro expansion, not a system header): false where it cannot be edited.
  bool insert(const clang::SourceManager& sm, clang::SourceLocation at, std::string text);
  // Replaces the `length` characters at `at`.
  bool replace(const clang::SourceManager& sm, clang::SourceLocation at, std::size_t length,
               std::string text);
  bool empty() const { return files_.empty(); }
  // One line per edit: file:line:column: what it writes (for ampcl-c++ -v).
  std::string describe() const;
  // The edited texts, under each file's name and real path, added to `texts`; a
  // restriction specifier an edit wrote is placed as restrictions.hpp places them.
  void apply(source_texts& texts) const;

 private:
  struct edit {
    std::size_t offset, length;
    std::string text;
  };
  struct file {
    std::vector<std::string> names;  // as opened, and the real path
    std::string text;                // as Clang read it
    std::vector<edit> edits;
  };
  file* file_of(const clang::SourceManager& sm, clang::SourceLocation at);
  dialect dialect_;
  std::vector<std::string> trusted_dirs_;
  std::map<clang::FileID, file> files_;
};

}  // namespace ampcl::translate
