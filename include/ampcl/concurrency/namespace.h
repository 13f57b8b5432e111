// C++ AMP's namespace: `Concurrency` is the real one (code reopens it:
// `namespace Concurrency { namespace Test { ... } }`), `concurrency` its alias, as in
// Microsoft's headers. Every compatibility header includes this first.
#pragma once

#include <ampcl/concurrency/restrict.h>

namespace Concurrency {
namespace graphics {}
namespace fast_math {}
namespace precise_math {}
namespace direct3d {}
// ampcl's own machinery behind the headers; not for user code.
namespace __ampcl {}
}  // namespace Concurrency
namespace concurrency = Concurrency;
