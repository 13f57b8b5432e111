#include "source_edits.hpp"

#include <llvm/Support/FileSystem.h>

#include <algorithm>

namespace ampcl::translate {

using namespace clang;

source_edits::file* source_edits::file_of(const SourceManager& sm, SourceLocation at) {
  if (at.isInvalid() || at.isMacroID() || sm.isInSystemHeader(at)) return nullptr;
  const FileID id = sm.getFileID(at);
  const FileEntry* entry = sm.getFileEntryForID(id);
  if (!entry) return nullptr;
  for (const std::string& d : trusted_dirs_)
    if (!d.empty() && entry->getName().startswith(d)) return nullptr;
  auto [it, added] = files_.try_emplace(id);
  if (added) {
    it->second.names.push_back(entry->getName().str());
    llvm::SmallString<256> real;
    if (!llvm::sys::fs::real_path(entry->getName(), real) && real.str() != entry->getName())
      it->second.names.push_back(real.str().str());
    it->second.text = sm.getBufferData(id).str();
  }
  return &it->second;
}

bool source_edits::insert(const SourceManager& sm, SourceLocation at, std::string text) {
  return replace(sm, at, 0, std::move(text));
}

bool source_edits::replace(const SourceManager& sm, SourceLocation at, std::size_t length,
                           std::string text) {
  file* f = file_of(sm, at);
  if (!f) return false;
  const std::size_t offset = sm.getFileOffset(at);
  if (offset + length > f->text.size()) return false;
  for (const edit& e : f->edits)  // the same edit twice (a diagnostic seen twice) is one
    if (e.offset == offset && e.length == length && e.text == text) return true;
  f->edits.push_back({offset, length, std::move(text)});
  return true;
}

std::string source_edits::describe() const {
  std::string out;
  for (const auto& [id, f] : files_)
    for (const edit& e : f.edits) {
      const std::size_t line = 1 + std::count(f.text.begin(), f.text.begin() + e.offset, '\n');
      const std::size_t start = f.text.rfind('\n', e.offset == 0 ? 0 : e.offset - 1);
      const std::size_t column = e.offset - (start == std::string::npos ? 0 : start + 1) + 1;
      out += f.names.front() + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " +
             (e.length ? "'" + f.text.substr(e.offset, e.length) + "' -> " : "+ ") + "'" + e.text +
             "'\n";
    }
  return out;
}

void source_edits::apply(source_texts& texts) const {
  for (const auto& [id, f] : files_) {
    std::vector<edit> edits = f.edits;
    // From the end, so that earlier offsets stay valid; at one offset, insertions
    // in the order they were made.
    std::stable_sort(edits.begin(), edits.end(),
                     [](const edit& a, const edit& b) { return a.offset > b.offset; });
    std::string text = f.text;
    for (const edit& e : edits) text.replace(e.offset, e.length, e.text);
    rewrite_restrictions(text, dialect_);
    for (const std::string& name : f.names) texts[name] = text;
  }
}

}  // namespace ampcl::translate
