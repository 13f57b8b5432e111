// Stand-in for the Windows CRT's <direct.h> (validate_amp compat): _getcwd.
#pragma once
#include <unistd.h>
#define _getcwd getcwd
