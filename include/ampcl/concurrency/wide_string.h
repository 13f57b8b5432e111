// C++ AMP speaks std::wstring (device paths, descriptions); ampcl and OpenCL speak
// UTF-8. wchar_t holds one code point on Linux (UTF-32).
#pragma once

#include <ampcl/concurrency/namespace.h>

#include <string>

namespace Concurrency {
namespace __ampcl {

// UTF-8 to code points; a malformed sequence becomes U+FFFD, as decoders do.
inline std::wstring widen(const std::string& utf8) {
  std::wstring out;
  for (std::size_t i = 0; i < utf8.size();) {
    const unsigned char lead = static_cast<unsigned char>(utf8[i]);
    const int extra = lead < 0x80           ? 0
                      : (lead >> 5) == 0x6  ? 1
                      : (lead >> 4) == 0xE  ? 2
                      : (lead >> 3) == 0x1E ? 3
                                            : -1;
    const bool truncated = extra > 0 && i + extra >= utf8.size();
    if (extra < 0 || truncated) {
      out.push_back(L'\xFFFD');
      ++i;
      continue;
    }
    char32_t code = extra == 0 ? lead : lead & (0x3F >> extra);
    bool valid = true;
    for (int k = 1; k <= extra; ++k) {
      const unsigned char next = static_cast<unsigned char>(utf8[i + k]);
      valid = valid && (next >> 6) == 0x2;
      code = code << 6 | (next & 0x3F);
    }
    out.push_back(valid ? static_cast<wchar_t>(code) : L'\xFFFD');
    i += valid ? extra + 1 : 1;
  }
  return out;
}

// Code points to UTF-8.
inline std::string narrow(const std::wstring& wide) {
  std::string out;
  for (const wchar_t w : wide) {
    const char32_t c = static_cast<char32_t>(w);
    if (c < 0x80) {
      out.push_back(static_cast<char>(c));
    } else if (c < 0x800) {
      out.push_back(static_cast<char>(0xC0 | c >> 6));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
      out.push_back(static_cast<char>(0xE0 | c >> 12));
      out.push_back(static_cast<char>(0x80 | (c >> 6 & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    } else {
      out.push_back(static_cast<char>(0xF0 | c >> 18));
      out.push_back(static_cast<char>(0x80 | (c >> 12 & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c >> 6 & 0x3F)));
      out.push_back(static_cast<char>(0x80 | (c & 0x3F)));
    }
  }
  return out;
}

}  // namespace __ampcl
}  // namespace Concurrency
