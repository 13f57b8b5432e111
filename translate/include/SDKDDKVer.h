// <SDKDDKVer.h>: the Windows SDK's version macros, which every Visual Studio project's
// targetver.h includes. There is no Windows version to target here: it declares
// nothing (docs/companion_headers.md).
#pragma once
