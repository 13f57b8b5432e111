// <tchar.h>: Visual C++'s generic-text mappings (docs/companion_headers.md): _TCHAR,
// _T()/_TEXT(), _tmain and the _t string and I/O functions map to the narrow C
// functions, or to the wide ones when _UNICODE is defined. With _UNICODE, _tmain is
// wmain, which this header's main() calls with the arguments converted to wide
// strings (by the locale's encoding), as Windows would.
#pragma once

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#ifdef _UNICODE

typedef wchar_t _TCHAR;
typedef wchar_t _TSCHAR;
typedef wchar_t _TUCHAR;
typedef wint_t _TINT;
#define __T(x) L##x
#define _TEOF WEOF

#define _tmain wmain
#define _tprintf wprintf
#define _ftprintf fwprintf
#define _stprintf __ampcl_tchar_swprintf
#define _sntprintf swprintf
#define _vtprintf vwprintf
#define _vftprintf vfwprintf
#define _tscanf wscanf
#define _ftscanf fwscanf
#define _stscanf swscanf
#define _fgetts fgetws
#define _fputts fputws
#define _puttc putwc
#define _puttchar putwchar
#define _gettc getwc
#define _gettchar getwchar
#define _tcslen wcslen
#define _tcscpy wcscpy
#define _tcsncpy wcsncpy
#define _tcscat wcscat
#define _tcsncat wcsncat
#define _tcscmp wcscmp
#define _tcsncmp wcsncmp
#define _tcsicmp wcscasecmp
#define _tcschr wcschr
#define _tcsrchr wcsrchr
#define _tcsstr wcsstr
#define _tcstok wcstok
#define _tcstol wcstol
#define _tcstoul wcstoul
#define _tcstod wcstod
#define _ttoi(s) ((int)wcstol((s), NULL, 10))
#define _tstoi(s) ((int)wcstol((s), NULL, 10))
#define _ttol(s) wcstol((s), NULL, 10)
#define _tstof(s) wcstod((s), NULL)
#define _ttof(s) wcstod((s), NULL)
#define _tfopen(name, mode) __ampcl_tchar_wfopen((name), (mode))
#define _istdigit iswdigit
#define _istalpha iswalpha
#define _istspace iswspace
#define _totupper towupper
#define _totlower towlower

// Visual C++'s _swprintf: swprintf without the buffer's size, as unchecked as it.
static inline int __ampcl_tchar_swprintf(wchar_t* buffer, const wchar_t* format, ...) {
  va_list args;
  va_start(args, format);
  const int n = vswprintf(buffer, (size_t)1 << 30, format, args);
  va_end(args);
  return n;
}

// fopen with wide names and modes (the locale's encoding).
static inline FILE* __ampcl_tchar_wfopen(const wchar_t* name, const wchar_t* mode) {
  char narrow_name[4096], narrow_mode[16];
  if (wcstombs(narrow_name, name, sizeof narrow_name) == (size_t)-1) return NULL;
  if (wcstombs(narrow_mode, mode, sizeof narrow_mode) == (size_t)-1) return NULL;
  return fopen(narrow_name, narrow_mode);
}

// Linux starts main: with _UNICODE, main converts the arguments and calls the
// program's wmain (_tmain). It is weak, so a program's own main wins.
int wmain(int argc, wchar_t* argv[]) __attribute__((weak));
extern "C++" __attribute__((weak)) int main(int argc, char* argv[]) {
  wchar_t** wide = (wchar_t**)calloc((size_t)argc + 1, sizeof(wchar_t*));
  for (int i = 0; wide && i < argc; ++i) {
    const size_t n = mbstowcs(NULL, argv[i], 0);
    wide[i] = (wchar_t*)calloc(n == (size_t)-1 ? 1 : n + 1, sizeof(wchar_t));
    if (wide[i] && n != (size_t)-1) mbstowcs(wide[i], argv[i], n + 1);
  }
  return wide && wmain ? wmain(argc, wide) : 1;
}

#else

typedef char _TCHAR;
typedef signed char _TSCHAR;
typedef unsigned char _TUCHAR;
typedef int _TINT;
#define __T(x) x
#define _TEOF EOF

#define _tmain main
#define _tprintf printf
#define _ftprintf fprintf
#define _stprintf sprintf
#define _sntprintf snprintf
#define _vtprintf vprintf
#define _vftprintf vfprintf
#define _tscanf scanf
#define _ftscanf fscanf
#define _stscanf sscanf
#define _fgetts fgets
#define _fputts fputs
#define _puttc putc
#define _puttchar putchar
#define _gettc getc
#define _gettchar getchar
#define _tcslen strlen
#define _tcscpy strcpy
#define _tcsncpy strncpy
#define _tcscat strcat
#define _tcsncat strncat
#define _tcscmp strcmp
#define _tcsncmp strncmp
#define _tcsicmp strcasecmp
#define _tcschr strchr
#define _tcsrchr strrchr
#define _tcsstr strstr
#define _tcstok strtok
#define _tcstol strtol
#define _tcstoul strtoul
#define _tcstod strtod
#define _ttoi atoi
#define _tstoi atoi
#define _ttol atol
#define _tstof atof
#define _ttof atof
#define _tfopen fopen
#define _istdigit isdigit
#define _istalpha isalpha
#define _istspace isspace
#define _totupper toupper
#define _totlower tolower

#endif

#define _T(x) __T(x)
#define _TEXT(x) __T(x)
