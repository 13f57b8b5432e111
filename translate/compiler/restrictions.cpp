#include "restrictions.hpp"

#include <llvm/Support/MemoryBuffer.h>

#include <cctype>
#include <vector>

namespace ampcl::translate {

namespace {

struct token {
  std::size_t begin, end;
  bool ident;
};

bool ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The tokens that matter here: identifiers and punctuation. Comments, string and
// character literals (raw strings too) and numbers are skipped whole.
std::vector<token> tokens(const std::string& s) {
  std::vector<token> out;
  std::size_t i = 0;
  const std::size_t n = s.size();
  while (i < n) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      const std::size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? n : e + 2;
    } else if (c == 'R' && i + 1 < n && s[i + 1] == '"' &&
               (i == 0 || !ident_char(s[i - 1]) || s[i - 1] == '8' || s[i - 1] == 'u' ||
                s[i - 1] == 'U' || s[i - 1] == 'L')) {
      const std::size_t open = s.find('(', i + 2);
      if (open == std::string::npos) return out;
      const std::string close = ")" + s.substr(i + 2, open - i - 2) + "\"";
      const std::size_t e = s.find(close, open);
      i = e == std::string::npos ? n : e + close.size();
    } else if (c == '"' || c == '\'') {
      ++i;
      while (i < n && s[i] != c) i += s[i] == '\\' ? 2 : 1;
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < n && (ident_char(s[i]) || s[i] == '.' || s[i] == '\'')) ++i;
    } else if (ident_start(c)) {
      const std::size_t b = i;
      while (i < n && ident_char(s[i])) ++i;
      out.push_back({b, i, true});
    } else {
      out.push_back({i, i + 1, false});
      ++i;
    }
  }
  return out;
}

bool is(const std::string& s, const token& t, const char* text) {
  return s.compare(t.begin, t.end - t.begin, text) == 0 && text[t.end - t.begin] == '\0';
}

bool restriction_word(const std::string& s, const token& t) {
  return t.ident && (is(s, t, "amp") || is(s, t, "cpu") || is(s, t, "direct3d") || is(s, t, "auto"));
}

// The index past a balanced parenthesis group that starts at tokens[at], or 0.
std::size_t past_parens(const std::string& s, const std::vector<token>& t, std::size_t at) {
  if (at >= t.size() || !is(s, t[at], "(")) return 0;
  int depth = 0;
  for (std::size_t k = at; k < t.size(); ++k) {
    if (is(s, t[k], "(")) ++depth;
    if (is(s, t[k], ")") && --depth == 0) return k + 1;
  }
  return 0;
}

// Swaps the text of [a, b) and [c, d) (a < b <= c < d), keeping what lies between.
void swap_ranges(std::string& s, std::size_t a, std::size_t b, std::size_t c, std::size_t d) {
  const std::string first = s.substr(a, b - a), middle = s.substr(b, c - b),
                    second = s.substr(c, d - c);
  s.replace(a, d - a, second + middle + first);
}

}  // namespace

bool rewrite_restrictions(std::string& text) {
  if (text.find("restrict") == std::string::npos) return false;
  const std::vector<token> t = tokens(text);
  bool changed = false;
  // From the end, so that moving text leaves the positions still to visit alone.
  for (std::size_t k = t.size(); k-- > 0;) {
    if (!t[k].ident || !is(text, t[k], "restrict")) continue;
    if (k > 0 && (is(text, t[k - 1], ".") || is(text, t[k - 1], ">") || is(text, t[k - 1], ":")))
      continue;  // a member or qualified name
    // restrict ( word [, word]* )
    std::size_t e = k + 1;
    if (e >= t.size() || !is(text, t[e], "(")) continue;
    ++e;
    bool ok = e < t.size() && restriction_word(text, t[e]);
    while (ok && e + 1 < t.size() && is(text, t[e + 1], ",")) {
      e += 2;
      ok = e < t.size() && restriction_word(text, t[e]);
    }
    ++e;  // the closing parenthesis
    if (!ok || e >= t.size() || !is(text, t[e], ")")) continue;
    ++e;  // past it
    text.replace(t[k].begin, 8, "_Amp_rst");
    changed = true;
    std::size_t spec_begin = t[k].begin, spec_end = t[e - 1].end;
    // After an exception specification, where Clang takes attributes.
    if (e < t.size() && (is(text, t[e], "throw") || is(text, t[e], "noexcept"))) {
      std::size_t after = e + 1;
      if (const std::size_t p = past_parens(text, t, e + 1)) after = p;
      else if (is(text, t[e], "throw")) after = e + 1;  // malformed: leave it to Clang
      const std::size_t exc_end = t[after - 1].end;
      swap_ranges(text, spec_begin, spec_end, t[e].begin, exc_end);
      const std::size_t len = spec_end - spec_begin;
      spec_end = exc_end;
      spec_begin = exc_end - len;
    }
    // After `mutable`, likewise.
    if (k > 0 && is(text, t[k - 1], "mutable"))
      swap_ranges(text, t[k - 1].begin, t[k - 1].end, spec_begin, spec_end);
  }
  return changed;
}

namespace {

class rewritten_file : public llvm::vfs::File {
 public:
  rewritten_file(llvm::vfs::Status status, std::string text)
      : status_(std::move(status)), text_(std::move(text)) {}
  llvm::ErrorOr<llvm::vfs::Status> status() override { return status_; }
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> getBuffer(const llvm::Twine& name, int64_t,
                                                                bool, bool) override {
    return llvm::MemoryBuffer::getMemBufferCopy(text_, name);
  }
  std::error_code close() override { return {}; }

 private:
  llvm::vfs::Status status_;
  std::string text_;
};

class restriction_fs : public llvm::vfs::ProxyFileSystem {
 public:
  explicit restriction_fs(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs)
      : ProxyFileSystem(std::move(fs)) {}
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(const llvm::Twine& path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file) return file;
    auto status = (*file)->status();
    auto buffer = (*file)->getBuffer(path.str(), -1, false, false);
    if (!status || !buffer) return file;
    std::string text = (*buffer)->getBuffer().str();
    if (!rewrite_restrictions(text)) {
      // Nothing to change: hand back the bytes already read.
      return std::unique_ptr<llvm::vfs::File>(new rewritten_file(*status, (*buffer)->getBuffer().str()));
    }
    return std::unique_ptr<llvm::vfs::File>(new rewritten_file(*status, std::move(text)));
  }
};

}  // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> restriction_file_system() {
  return llvm::makeIntrusiveRefCnt<restriction_fs>(llvm::vfs::getRealFileSystem());
}

}  // namespace ampcl::translate
