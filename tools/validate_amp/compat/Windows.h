// <Windows.h> as some Windows code spells it (file names are case-sensitive here).
#pragma once
#include "windows.h"
