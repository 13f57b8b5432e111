// sampler, filter_mode and address_mode: C++ AMP's, named with the textures in
// <ampcl/texture.hpp> (with ampcl's with_unnormalized_coordinates()).
#pragma once

#include <ampcl/texture.hpp>
