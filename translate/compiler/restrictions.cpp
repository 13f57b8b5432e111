#include "restrictions.hpp"

#include <clang/Basic/FileManager.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendActions.h>
#include <clang/Lex/Lexer.h>
#include <clang/Lex/Preprocessor.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>

#include <algorithm>
#include <cctype>
#include <vector>

namespace ampcl::translate {

namespace {

struct token {
  std::size_t begin, end;
  bool ident;
  std::size_t directive;  // 0, or which preprocessing directive's line holds it
};

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The tokens that matter here: identifiers and punctuation. Comments, string and
// character literals (raw strings too) and numbers are skipped whole.
std::vector<token> tokens(const std::string& s) {
  std::vector<token> out;
  std::size_t i = 0, directive = 0, directives = 0;
  bool line_start = true;
  const std::size_t n = s.size();
  while (i < n) {
    const char c = s[i];
    if (c == '\n') {
      if (!(i > 0 && s[i - 1] == '\\')) {
        directive = 0;
        line_start = true;
      }
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
      while (i < n && s[i] != '\n') ++i;
    } else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
      const std::size_t e = s.find("*/", i + 2);
      i = e == std::string::npos ? n : e + 2;
    } else {
      if (line_start && c == '#') directive = ++directives;
      line_start = false;
      if (c == 'R' && i + 1 < n && s[i + 1] == '"' &&
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
        out.push_back({b, i, true, directive});
      } else {
        out.push_back({i, i + 1, false, directive});
        ++i;
      }
    }
  }
  return out;
}

bool is(const std::string& s, const token& t, const char* text) {
  return s.compare(t.begin, t.end - t.begin, text) == 0 && text[t.end - t.begin] == '\0';
}

bool restriction_word(const std::string& s, const token& t) {
  return t.ident &&
         (is(s, t, "amp") || is(s, t, "cpu") || is(s, t, "direct3d") || is(s, t, "auto"));
}

bool one_of(const std::string& s, const token& t, std::initializer_list<const char*> words) {
  for (const char* w : words)
    if (is(s, t, w)) return true;
  return false;
}

constexpr std::size_t none = static_cast<std::size_t>(-1);

// The index past a balanced `open` ... `close` group that starts at tokens[at], or 0.
std::size_t past_group(const std::string& s, const std::vector<token>& t, std::size_t at,
                       const char* open, const char* close) {
  if (at >= t.size() || !is(s, t[at], open)) return 0;
  int depth = 0;
  for (std::size_t k = at; k < t.size(); ++k) {
    if (is(s, t[k], open)) ++depth;
    if (is(s, t[k], close) && --depth == 0) return k + 1;
  }
  return 0;
}

std::size_t past_parens(const std::string& s, const std::vector<token>& t, std::size_t at) {
  return past_group(s, t, at, "(", ")");
}

// The index of the `open` that the `close` at tokens[at] closes, or none.
std::size_t opening(const std::string& s, const std::vector<token>& t, std::size_t at,
                    const char* open, const char* close) {
  int depth = 0;
  for (std::size_t k = at + 1; k-- > 0;) {
    if (is(s, t[k], close)) ++depth;
    if (is(s, t[k], open) && --depth == 0) return k;
  }
  return none;
}

// Swaps the text of tokens [ia, ib) and [ic, id) (ia <= ib <= ic < id; an empty
// first range moves the second in front of tokens[ia]), keeping what lies
// between, and moves the tokens' offsets with their text.
void swap_tokens(std::string& s, std::vector<token>& t, std::size_t ia, std::size_t ib,
                 std::size_t ic, std::size_t id) {
  const std::size_t a = t[ia].begin, b = ia == ib ? a : t[ib - 1].end, c = t[ic].begin,
                    d = t[id - 1].end;
  s.replace(a, d - a, s.substr(c, d - c) + s.substr(b, c - b) + s.substr(a, b - a));
  for (std::size_t k = ia; k < id; ++k) {
    std::size_t& p = t[k].begin;
    const std::size_t len = t[k].end - p;
    if (p < b)
      p += d - b;
    else if (p < c)
      p = p - b + a + (d - c);
    else
      p = p - c + a;
    t[k].end = p + len;
  }
}

// Where the declarator whose parameter list closes at tokens[close] is, for the
// restriction specifier that follows it.
struct declarator {
  enum kind_t { none_found, lambda, function, pointer, abstract } kind = none_found;
  std::size_t id = 0;  // a function's: its first token (the declarator-id, qualified)
};

bool type_keyword(const std::string& s, const token& t) {
  return one_of(
      s, t,
      {"void", "bool", "char", "wchar_t", "char8_t", "char16_t", "char32_t", "short", "int", "long",
       "signed", "unsigned", "float", "double", "auto", "const", "volatile", "decltype"});
}

// The first token of the (possibly qualified) name that ends at tokens[last].
std::size_t qualified_start(const std::string& s, const std::vector<token>& t, std::size_t last) {
  std::size_t k = last;
  if (is(s, t[k], ">")) {
    const std::size_t lt = opening(s, t, k, "<", ">");
    if (lt == none || lt == 0) return k;
    k = lt - 1;
  }
  while (k >= 2 && is(s, t[k - 1], ":") && is(s, t[k - 2], ":")) {
    if (k >= 3 && t[k - 3].ident && !type_keyword(s, t[k - 3]))
      k -= 3;
    else if (k >= 3 && is(s, t[k - 3], ">")) {
      const std::size_t lt = opening(s, t, k - 3, "<", ">");
      if (lt == none || lt == 0) break;
      k = lt - 1;
    } else {
      k -= 2;  // ::name
      break;
    }
  }
  return k;
}

declarator classify(const std::string& s, const std::vector<token>& t, std::size_t close) {
  declarator d;
  const std::size_t open = opening(s, t, close, "(", ")");
  if (open == none || open == 0) return d;
  const std::size_t before = open - 1;
  // operator(), operator[], operator+=, operator int, ...: a named function.
  for (std::size_t k = before + 1; k-- > 0 && k + 4 > before;) {
    if (is(s, t[k], "operator")) {
      d.kind = declarator::function;
      d.id = qualified_start(s, t, k);
      return d;
    }
    if (one_of(s, t[k], {";", "{", "}"})) break;
  }
  if (is(s, t[before], "]")) {
    const std::size_t lb = opening(s, t, before, "[", "]");
    if (lb != none && !(lb + 1 < before && is(s, t[lb + 1], "["))) d.kind = declarator::lambda;
    return d;
  }
  if (is(s, t[before], ")")) {  // (*p), (&r), (C::*pm), (*)
    const std::size_t po = opening(s, t, before, "(", ")");
    d.kind = declarator::abstract;
    for (std::size_t k = po + 1; po != none && k < before; ++k)
      if (t[k].ident && !one_of(s, t[k], {"const", "volatile", "__cdecl", "__stdcall"}) &&
          !(k + 1 < before && is(s, t[k + 1], ":")))
        d.kind = declarator::pointer;
    return d;
  }
  if ((t[before].ident && !type_keyword(s, t[before])) || is(s, t[before], ">")) {
    d.kind = declarator::function;
    d.id = qualified_start(s, t, before);
    return d;
  }
  // int (int), const int && (int); not a cast's parenthesis: f((int) x).
  if (type_keyword(s, t[before]) || one_of(s, t[before], {"&", "*"})) d.kind = declarator::abstract;
  return d;
}

// Whether tokens[at] lies inside a template's angle brackets (a template argument
// or parameter list), within the same statement.
bool in_template_brackets(const std::string& s, const std::vector<token>& t, std::size_t at) {
  int parens = 0, angles = 0;
  for (std::size_t k = at; k-- > 0;) {
    if (at > 0 && t[k].directive != t[at - 1].directive) return false;
    // operator<, operator<<=, operator>: not brackets.
    if (one_of(s, t[k], {"<", ">", "="}) &&
        ((k > 0 && is(s, t[k - 1], "operator")) ||
         (k > 1 && one_of(s, t[k - 1], {"<", ">"}) && is(s, t[k - 2], "operator"))))
      continue;
    if (one_of(s, t[k], {")", "]"}))
      ++parens;
    else if (one_of(s, t[k], {"(", "["})) {
      if (--parens < 0) return false;
    } else if (parens == 0 && one_of(s, t[k], {";", "{", "}"})) {
      return false;
    } else if (parens == 0 && is(s, t[k], ">") &&
               !(k > 0 && is(s, t[k - 1], "-") && t[k - 1].end == t[k].begin)) {
      // (`->` only when adjacent: numbers are not tokens here, so `N - 1>` ends in `- >`.)
      ++angles;
    } else if (parens == 0 && is(s, t[k], "<") && --angles < 0) {
      return true;
    }
  }
  return false;
}

// A restriction specifier's list, `( entry [, entry]* )`: restriction words, or
// empty entries as HCC's parser took them (restrict(amp,), restrict(,)).
struct restriction_list {
  std::size_t end = 0;             // past its closing parenthesis; 0: not a list
  std::vector<std::size_t> words;  // the tokens of its words
  bool empty_entries = false;
};

restriction_list list_at(const std::string& s, const std::vector<token>& t, std::size_t open) {
  restriction_list l;
  if (open >= t.size() || !is(s, t[open], "(")) return l;
  bool word = false;  // the current entry has its word
  for (std::size_t k = open + 1; k < t.size(); ++k) {
    if (is(s, t[k], ",") || is(s, t[k], ")")) {
      l.empty_entries |= !word;
      if (is(s, t[k], ",")) {
        word = false;
        continue;
      }
      if (l.words.empty() && k == open + 1) return {};  // restrict(): a call
      l.end = k + 1;
      return l;
    }
    if (word || !restriction_word(s, t[k])) return {};
    l.words.push_back(k);
    word = true;
  }
  return {};
}

// Whether the restriction list names amp (or direct3d) and not cpu.
bool amp_only(const std::string& s, const std::vector<token>& t, const restriction_list& l) {
  bool amp = false, other = false;
  for (const std::size_t w : l.words) {
    if (one_of(s, t[w], {"amp", "direct3d"}))
      amp = true;
    else
      other = true;
  }
  return amp && !other;
}

// Spaces for the text of tokens [from, to) (line breaks kept).
void blank(std::string& s, const std::vector<token>& t, std::size_t from, std::size_t to) {
  for (std::size_t p = t[from].begin; p < t[to - 1].end; ++p)
    if (s[p] != '\n') s[p] = ' ';
}

// An HCC spelling outside --hcc: restrict.h's `marker`, an error that names the
// switch, in place of tokens [from, to) (at least as long as the marker).
void mark_hcc_only(std::string& s, const std::vector<token>& t, std::size_t from, std::size_t to,
                   const std::string& marker) {
  blank(s, t, from, to);
  s.replace(t[from].begin, marker.size(), marker);
}

// restrict(, amp,, cpu) -> restrict(  amp,  cpu): of the commas, only those
// right before a word after the first stay.
void drop_empty_entries(std::string& s, const std::vector<token>& t, std::size_t open,
                        const restriction_list& l) {
  for (std::size_t k = open + 1; k + 1 < l.end; ++k) {
    const bool before_word = std::find(l.words.begin(), l.words.end(), k + 1) != l.words.end();
    if (is(s, t[k], ",") && !(before_word && k > l.words.front())) blank(s, t, k, k + 1);
  }
}

// `int size() const restrict;`: a bare `restrict` after a function's parameter
// list and qualifiers, which HCC's parser took as C's restrict qualifier.
bool bare_qualifier(const std::string& s, const std::vector<token>& t, std::size_t k) {
  if (!is(s, t[k], "restrict") || k + 1 >= t.size() ||
      !one_of(s, t[k + 1],
              {";", "{", "=", "const", "volatile", "&", "override", "final", "noexcept", "throw"}))
    return false;
  std::size_t first = k;
  while (first > 0 && one_of(s, t[first - 1], {"const", "volatile", "&"})) --first;
  if (first == 0 || !is(s, t[first - 1], ")")) return false;
  const declarator d = classify(s, t, first - 1);
  // (Not a statement's condition: `if (c) restrict = 1;` names a variable.)
  return d.kind == declarator::function &&
         !one_of(s, t[d.id], {"if", "while", "for", "switch", "return", "catch", "sizeof"});
}

// HCC's GNU attributes for restrictions at tokens [at, at + 6): the word they
// stand for (__attribute__((amp)) and ((hc)): amp; ((cpu)): cpu), or nullptr.
const char* hcc_attribute(const std::string& s, const std::vector<token>& t, std::size_t at) {
  if (at + 5 >= t.size() || !is(s, t[at], "__attribute__") || !is(s, t[at + 1], "(") ||
      !is(s, t[at + 2], "(") || !is(s, t[at + 4], ")") || !is(s, t[at + 5], ")"))
    return nullptr;
  if (one_of(s, t[at + 3], {"amp", "hc"})) return "amp";
  if (is(s, t[at + 3], "cpu")) return "cpu";
  return nullptr;
}

// HCC took its attribute before a lambda's introducer and between the introducer
// and the parameter list, where Clang takes none: the index past the introducer
// and parameter list it goes after, or 0 where it stays.
std::size_t lambda_attribute_target(const std::string& s, const std::vector<token>& t,
                                    std::size_t at) {
  std::size_t params = at + 6;
  if (params < t.size() && is(s, t[params], "[") &&
      !(params + 1 < t.size() && is(s, t[params + 1], "["))) {
    params = past_group(s, t, params, "[", "]");
    if (params == 0 || t[params - 1].directive != t[at].directive) return 0;
    if (params >= t.size() || !is(s, t[params], "(")) return params;
  } else if (at == 0 || !is(s, t[at - 1], "]") || t[at - 1].directive != t[at].directive) {
    return 0;
  }
  const std::size_t end = past_parens(s, t, params);
  // (Within the attribute's line when that is a directive's: a #define's.)
  return end && t[end - 1].directive == t[at].directive ? end : 0;
}

// __attribute__((amp)) -> _Amp_rst(amp), after a lambda's parameter list; outside
// --hcc, the marker of an error.
bool rewrite_hcc_attributes(std::string& s, dialect d) {
  if (s.find("__attribute__") == std::string::npos) return false;
  std::vector<token> t = tokens(s);
  bool changed = false;
  for (std::size_t k = t.size(); k-- > 0;) {
    const char* word = hcc_attribute(s, t, k);
    if (!word) continue;
    changed = true;
    if (d != dialect::hcc) {
      mark_hcc_only(s, t, k, k + 6, "_Amp_rsa");
      continue;
    }
    if (const std::size_t end = lambda_attribute_target(s, t, k))
      swap_tokens(s, t, k, k + 6, k + 6, end);
    blank(s, t, k, k + 6);
    const std::string restriction = std::string("_Amp_rst(") + word + ")";
    s.replace(t[k].begin, restriction.size(), restriction);
  }
  return changed;
}

}  // namespace

bool rewrite_restrictions(std::string& text, dialect d) {
  bool changed = rewrite_hcc_attributes(text, d);
  if (text.find("restrict") == std::string::npos && text.find("_Amp_rst") == std::string::npos)
    return changed;
  std::vector<token> t = tokens(text);
  // From the end, so that what is moved has been visited already (swap_tokens
  // keeps the offsets of the tokens it moves).
  for (std::size_t k = t.size(); k-- > 0;) {
    if (!t[k].ident || !(is(text, t[k], "restrict") || is(text, t[k], "_Amp_rst"))) continue;
    if (k > 0 && (is(text, t[k - 1], ".") || is(text, t[k - 1], ">") || is(text, t[k - 1], ":")))
      continue;  // a member or qualified name
    // restrict ( word [, word]* )
    const restriction_list list = list_at(text, t, k + 1);
    if (!list.end) {
      if (bare_qualifier(text, t, k)) {
        changed = true;
        if (d == dialect::hcc)
          blank(text, t, k, k + 1);  // as HCC's parser read it: nothing for C++ AMP
        else
          mark_hcc_only(text, t, k, k + 1, "_Amp_rsq");
      }
      continue;
    }
    const std::size_t e = list.end;
    if (list.empty_entries) {
      changed = true;
      if (d != dialect::hcc) {
        mark_hcc_only(text, t, k, e, "_Amp_rse");
        continue;
      }
      if (list.words.empty()) {  // restrict(,): no restriction, as HCC read it
        blank(text, t, k, e);
        continue;
      }
      drop_empty_entries(text, t, k + 1, list);
    }
    if (is(text, t[k], "restrict")) {
      text.replace(t[k].begin, 8, "_Amp_rst");
      changed = true;
    }
    // What comes between the parameter list and the specifier: mutable (a
    // lambda's), cv- and ref-qualifiers (a member function's).
    std::size_t first = k;
    while (first > 0 && (one_of(text, t[first - 1],
                                {"mutable", "constexpr", "consteval", "const", "volatile"}) ||
                         is(text, t[first - 1], "&")))
      --first;
    const declarator d =
        first > 0 && is(text, t[first - 1], ")") ? classify(text, t, first - 1) : declarator{};
    // The exception specification that follows, [e, exc_end).
    std::size_t exc_end = e;
    if (e < t.size() && (is(text, t[e], "throw") || is(text, t[e], "noexcept"))) {
      exc_end = e + 1;
      if (const std::size_t p = past_parens(text, t, e + 1)) exc_end = p;
    }
    const bool trailing_return = exc_end + 1 < t.size() && is(text, t[exc_end], "-") &&
                                 is(text, t[exc_end + 1], ">") &&
                                 t[exc_end + 1].begin == t[exc_end].end;
    if (d.kind == declarator::lambda) {
      // A lambda's: Clang takes attributes before mutable and before the exception
      // specification, as C++ AMP's grammar has them, only not after mutable.
      std::size_t mut = first;
      while (mut < k && !one_of(text, t[mut], {"mutable", "constexpr", "consteval"})) ++mut;
      if (mut < k) {
        swap_tokens(text, t, mut, k, k, e);
        changed = true;
      }
      continue;
    }
    bool cpu_only = true;
    for (const std::size_t w : list.words) cpu_only = cpu_only && !is(text, t[w], "amp");
    if (d.kind == declarator::abstract ||
        (d.kind != declarator::none_found && in_template_brackets(text, t, first)) ||
        (d.kind == declarator::pointer && (trailing_return || cpu_only))) {
      // A function type in a template argument, a template parameter or a type-id
      // (S<int (int) restrict(cpu)>), where Clang takes no attribute, or a
      // pointer's: Clang would drop the attribute there anyway (it applies to
      // functions only), so the specifier goes. (restrict(amp) on a pointer stays
      // where it parses, for amp_rules to reject.)
      blank(text, t, k, e);
      changed = true;
      continue;
    }
    if (d.kind == declarator::function && trailing_return) {
      // auto f() restrict(amp) -> decltype(g()): the trailing return type is read in
      // the function's restriction context (restriction_context.hpp).
      if (amp_only(text, t, list)) {
        for (std::size_t r = exc_end + 2, depth = 0; r < t.size(); ++r) {
          if (one_of(text, t[r], {"(", "["})) ++depth;
          if (one_of(text, t[r], {")", "]"}) && depth-- == 0) break;
          if (depth == 0 && one_of(text, t[r], {";", "{", "="})) break;
          if (is(text, t[r], "decltype")) text.replace(t[r].begin, 8, "_Amp_dty");
        }
      }
      // auto f() restrict(cpu) -> T: Clang takes an attribute neither before nor
      // after the trailing return type, only among the decl-specifiers.
      swap_tokens(text, t, d.id, d.id, k, e);
      changed = true;
      continue;
    }
    // After an exception specification, where Clang takes attributes.
    if (exc_end > e) {
      swap_tokens(text, t, k, e, e, exc_end);
      changed = true;
    }
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
  restriction_fs(llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> fs, dialect d,
                 std::shared_ptr<const source_texts> expanded)
      : ProxyFileSystem(std::move(fs)), dialect_(d), expanded_(std::move(expanded)) {}
  llvm::ErrorOr<llvm::vfs::Status> status(const llvm::Twine& path) override {
    auto status = ProxyFileSystem::status(path);
    if (const std::string* text = given(path); status && text)
      return llvm::vfs::Status::copyWithNewSize(*status, text->size());
    return status;
  }
  llvm::ErrorOr<std::unique_ptr<llvm::vfs::File>> openFileForRead(
      const llvm::Twine& path) override {
    auto file = ProxyFileSystem::openFileForRead(path);
    if (!file) return file;
    auto status = (*file)->status();
    if (!status) return file;
    if (const std::string* text = given(path))
      return std::unique_ptr<llvm::vfs::File>(
          new rewritten_file(llvm::vfs::Status::copyWithNewSize(*status, text->size()), *text));
    auto buffer = (*file)->getBuffer(path.str(), -1, false, false);
    if (!buffer) return file;
    std::string text = (*buffer)->getBuffer().str();
    if (!rewrite_restrictions(text, dialect_)) {
      // Nothing to change: hand back the bytes already read.
      return std::unique_ptr<llvm::vfs::File>(
          new rewritten_file(*status, (*buffer)->getBuffer().str()));
    }
    return std::unique_ptr<llvm::vfs::File>(new rewritten_file(*status, std::move(text)));
  }

 private:
  const std::string* given(const llvm::Twine& path) const {
    if (!expanded_ || expanded_->empty()) return nullptr;
    auto at = expanded_->find(path.str());
    llvm::SmallString<256> real;
    if (at == expanded_->end() && !llvm::sys::fs::real_path(path, real))
      at = expanded_->find(real.str().str());
    return at == expanded_->end() ? nullptr : &at->second;
  }
  dialect dialect_;
  std::shared_ptr<const source_texts> expanded_;
};

// A run of the final token stream that comes from one place of a file: a token
// written there, or all the tokens of one macro invocation.
struct unit {
  std::size_t begin, end;  // in the file as Clang read it (rewritten)
  bool macro;
  std::string text;  // the expansion's tokens
  bool restriction = false, delimiter = false, annotation = false;
};

// Every macro invocation written in a file, with where it is: those that expand
// to nothing (CV_QUALIFIER) leave no token in the stream.
class invocations : public clang::PPCallbacks {
 public:
  explicit invocations(std::vector<clang::SourceRange>& into) : into_(into) {}
  void MacroExpands(const clang::Token&, const clang::MacroDefinition&, clang::SourceRange range,
                    const clang::MacroArgs*) override {
    if (range.getBegin().isFileID() && range.getEnd().isFileID()) into_.push_back(range);
  }

 private:
  std::vector<clang::SourceRange>& into_;
};

class prescan_action : public clang::PreprocessorFrontendAction {
 public:
  prescan_action(source_texts& out, const std::vector<std::string>& trusted_dirs, dialect d)
      : out_(out), trusted_dirs_(trusted_dirs), dialect_(d) {}

  void ExecuteAction() override {
    using namespace clang;
    Preprocessor& pp = getCompilerInstance().getPreprocessor();
    SourceManager& sm = pp.getSourceManager();
    std::vector<SourceRange> written;
    pp.addPPCallbacks(std::make_unique<invocations>(written));
    pp.EnterMainSourceFile();
    std::map<FileID, std::vector<unit>> files;
    std::map<FileID, bool> user;
    std::map<std::string, int> entered;  // how many times each user file was read
    Token tok;
    for (pp.Lex(tok); tok.isNot(tok::eof); pp.Lex(tok)) {
      const SourceLocation loc = tok.getLocation();
      if (loc.isInvalid()) continue;
      const bool macro = loc.isMacroID();
      SourceLocation begin = loc, end = loc;
      if (macro) {
        const CharSourceRange r = sm.getExpansionRange(loc);
        begin = r.getBegin();
        end = r.getEnd();
        if (r.isTokenRange())
          end = end.getLocWithOffset(Lexer::MeasureTokenLength(end, sm, pp.getLangOpts()));
      } else {
        end = loc.getLocWithOffset(tok.getLength());
      }
      const FileID f = sm.getFileID(begin);
      auto known = user.find(f);
      if (known == user.end()) {
        const FileEntry* entry = sm.getFileEntryForID(f);
        bool mine = entry && !sm.isInSystemHeader(begin);
        for (const std::string& d : trusted_dirs_)
          if (mine && !d.empty() && entry->getName().startswith(d)) mine = false;
        if (mine) ++entered[entry->getName().str()];
        known = user.emplace(f, mine).first;
      }
      if (!known->second) continue;
      std::vector<unit>& units = files[f];
      const std::size_t b = sm.getFileOffset(begin), e = sm.getFileOffset(end);
      if (!macro || units.empty() || !units.back().macro || units.back().begin != b)
        units.push_back({b, e, macro, ""});
      unit& u = units.back();
      if (tok.isAnnotation()) {
        u.annotation = true;
        continue;
      }
      const std::string spelling = pp.getSpelling(tok);
      if (macro) u.text += (u.text.empty() ? "" : " ") + spelling;
      u.restriction |= macro && (spelling == "_Amp_rst" || spelling == "restrict");
      u.delimiter |= spelling == ";" || spelling == "{" || spelling == "}";
    }
    // The invocations that left no token, in their place among the others.
    for (const SourceRange& r : written) {
      const FileID f = sm.getFileID(r.getBegin());
      auto in = files.find(f);
      if (in == files.end()) continue;
      std::vector<unit>& units = in->second;
      const std::size_t b = sm.getFileOffset(r.getBegin()),
                        e = sm.getFileOffset(r.getEnd()) +
                            Lexer::MeasureTokenLength(r.getEnd(), sm, pp.getLangOpts());
      auto at = std::lower_bound(units.begin(), units.end(), b,
                                 [](const unit& u, std::size_t off) { return u.begin < off; });
      const bool inside =
          (at != units.end() && at->begin == b) || (at != units.begin() && std::prev(at)->end > b);
      if (!inside) units.insert(at, unit{b, e, true, ""});
    }
    for (auto& [f, units] : files) {
      const FileEntry* entry = sm.getFileEntryForID(f);
      if (entered[entry->getName().str()] != 1) continue;
      const std::string original = sm.getBufferData(f).str();
      std::vector<bool> expand(units.size(), false);
      bool any = false;
      for (std::size_t i = 0; i < units.size(); ++i) {
        if (!units[i].restriction) continue;
        // The declaration around it: from the last ; { } before to the first after.
        std::size_t from = i, to = i;
        while (from > 0 && !units[from - 1].delimiter) --from;
        while (to + 1 < units.size() && !units[to].delimiter) ++to;
        bool annotated = false;
        for (std::size_t k = from; k <= to; ++k) annotated |= units[k].annotation;
        if (annotated) continue;
        // Only where the expansion changes what the rewrite does.
        const std::string before = splice(original, units, from, to, {});
        std::string after = before;
        if (!rewrite_restrictions(after, dialect_) || after == before) continue;
        for (std::size_t k = from; k <= to; ++k) expand[k] = expand[k] || units[k].macro;
        any = true;
      }
      if (!any) continue;
      std::string text = original;
      for (std::size_t k = units.size(); k-- > 0;) {
        if (!expand[k]) continue;
        const std::size_t lines =
            std::count(text.begin() + units[k].begin, text.begin() + units[k].end, '\n');
        text.replace(units[k].begin, units[k].end - units[k].begin,
                     units[k].text + std::string(lines, '\n'));
      }
      rewrite_restrictions(text, dialect_);
      out_[entry->getName().str()] = text;
      llvm::SmallString<256> real;
      if (!llvm::sys::fs::real_path(entry->getName(), real)) out_[real.str().str()] = text;
    }
  }

 private:
  // The text of units [from, to] with each macro invocation replaced by its
  // expansion (a declaration alone, to see what the rewrite makes of it).
  static std::string splice(const std::string& original, const std::vector<unit>& units,
                            std::size_t from, std::size_t to, std::string text) {
    for (std::size_t k = from; k <= to; ++k) {
      if (k > from) text += original.substr(units[k - 1].end, units[k].begin - units[k - 1].end);
      text += units[k].macro ? units[k].text
                             : original.substr(units[k].begin, units[k].end - units[k].begin);
    }
    return text;
  }

  source_texts& out_;
  const std::vector<std::string>& trusted_dirs_;
  dialect dialect_;
};

}  // namespace

llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> restriction_file_system(
    dialect d, std::shared_ptr<const source_texts> expanded) {
  return llvm::makeIntrusiveRefCnt<restriction_fs>(llvm::vfs::getRealFileSystem(), d,
                                                   std::move(expanded));
}

source_texts expand_restriction_macros(const std::vector<std::string>& args,
                                       const std::vector<std::string>& trusted_dirs, dialect d) {
  source_texts out;
  std::vector<std::string> prescan_args = args;
  // Before the file (the last argument).
  prescan_args.insert(prescan_args.end() - 1, "-D__AMPCL_RESTRICTION_PRESCAN__");
  auto files = llvm::makeIntrusiveRefCnt<clang::FileManager>(clang::FileSystemOptions(),
                                                             restriction_file_system(d));
  clang::IgnoringDiagConsumer quiet;
  clang::tooling::ToolInvocation inv(
      prescan_args, std::make_unique<prescan_action>(out, trusted_dirs, d), files.get());
  inv.setDiagnosticConsumer(&quiet);
  inv.run();
  return out;
}

}  // namespace ampcl::translate
