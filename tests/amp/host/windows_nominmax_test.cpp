// <windows.h> with NOMINMAX: no min and max macros, so std::min, std::max and
// numeric_limits<T>::max() are written plainly; and <tchar.h> with _UNICODE: _tmain
// is wmain (called by <tchar.h>'s main with the arguments widened), _TCHAR is
// wchar_t and the _t functions are the wide ones.
#define NOMINMAX
#define UNICODE
#define _UNICODE
#include <tchar.h>
#include <windows.h>

#include <algorithm>
#include <limits>

#include "amp_check.h"  // (its numeric_limits<T>::max() needs NOMINMAX after <windows.h>)

#if defined(min) || defined(max)
#error "NOMINMAX leaves min and max undefined"
#endif

int _tmain(int argc, _TCHAR* argv[]) {
  AMP_CHECK(std::max(3, 7) == 7 && std::min(3, 7) == 3);
  AMP_CHECK(std::numeric_limits<int>::max() == 2147483647);
  static_assert(sizeof(_TCHAR) == sizeof(wchar_t) && sizeof(TCHAR) == sizeof(wchar_t),
                "_UNICODE and UNICODE make the generic characters wide");
  AMP_CHECK(argc >= 1 && _tcslen(argv[0]) > 0 && argv[argc] == nullptr);
  const _TCHAR* text = _T("wide");
  AMP_CHECK(_tcslen(text) == 4 && _tcscmp(text, L"wide") == 0 && _ttoi(_T("12")) == 12);
  LPCTSTR generic = TEXT("generic");
  AMP_CHECK(_tcscmp(generic, L"generic") == 0);
  _TCHAR buffer[32];
  AMP_CHECK(_stprintf(buffer, _T("%d-%ls"), 7, text) == 6 && _tcscmp(buffer, L"7-wide") == 0);
  AMP_CHECK(_sntprintf(buffer, 4, _T("%ls"), L"truncated") < 0 || buffer[3] == 0);
  return amp_check::finish("windows (NOMINMAX, _UNICODE)");
}
