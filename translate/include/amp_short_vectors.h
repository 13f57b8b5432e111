// <amp_short_vectors.h>: C++ AMP's short vectors, norm and unorm
// (ampcl/concurrency/short_vectors.h), which are ampcl's too.
#pragma once

#include <ampcl/concurrency/short_vectors.h>
