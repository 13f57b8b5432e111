// Stand-in for <windows.h> (validate_amp compat): only the timer names.
#pragma once
#include "win_compat.h"
