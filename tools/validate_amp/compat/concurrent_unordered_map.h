// Stand-in for the Concurrency Runtime's <concurrent_unordered_map.h> (validate_amp compat,
// until ampcl installs its companion on oneTBB): std::unordered_map under the same name. Not
// safe for concurrent insertion, which the programs validated here do not do.
#pragma once
#include <functional>
#include <unordered_map>
#include "win_compat.h"
#include <amp.h>  // namespace Concurrency, and concurrency as its alias
namespace Concurrency {
template <class K, class V, class H = std::hash<K>, class E = std::equal_to<K>>
using concurrent_unordered_map = std::unordered_map<K, V, H, E>;
}
