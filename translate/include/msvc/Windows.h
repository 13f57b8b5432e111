// <Windows.h>, as Visual C++ code often spells it (Windows' file names ignore case):
// <windows.h>. Here, in Visual C++'s dialect only, so that the source tree holds no
// two names that differ in case alone in one folder.
#pragma once
#include <windows.h>
