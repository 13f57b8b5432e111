// <amp_math.h>: Concurrency::fast_math and Concurrency::precise_math, C++ AMP's
// math library (ampcl/concurrency/math_functions.h).
#pragma once

#include <ampcl/concurrency/math_functions.h>
