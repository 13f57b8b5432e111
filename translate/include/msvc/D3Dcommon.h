// <D3Dcommon.h>, as Windows code spells it: <d3dcommon.h> (Visual C++'s dialect only, so
// that no folder holds two names that differ in case alone).
#pragma once
#include <d3dcommon.h>
