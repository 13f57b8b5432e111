// texture_view<T, N>, texture_view<const T, N> and writeonly_texture_view<T, N>:
// C++ AMP's, named with the textures in <ampcl/texture.hpp>.
#pragma once

#include <ampcl/texture.hpp>
