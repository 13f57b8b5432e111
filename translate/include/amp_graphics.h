// <amp_graphics.h>: Concurrency::graphics, C++ AMP's textures, texture views and
// samplers (ampcl/concurrency/graphics.h), with the short vectors of
// <amp_short_vectors.h>, which are ampcl's too.
#pragma once

#include <amp.h>
#include <ampcl/concurrency/graphics.h>
