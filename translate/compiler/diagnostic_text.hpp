// A Clang diagnostic's text, formatted without trusting the diagnostic's %select
// indices. Clang 14 reports a reference to a function whose CUDA target it could not
// infer (an implicit destructor between a restrict(cpu)-only and a restrict(amp)-only
// one, say) with a %select index one past the alternatives, and its formatter then
// reads past the end of the format string: minutes of CPU for one message, or a
// crash (Microsoft's Special_member_functions/Negative/defaulted_dtor_null.01).
#pragma once

#include <clang/Basic/Diagnostic.h>

#include <string>

namespace ampcl::translate {

// Whether each %select of the diagnostic's format has an alternative for its argument.
bool selects_in_range(const clang::Diagnostic& info);

// Clang's text where its selects are in range, else ampcl's own wording of it.
std::string diagnostic_text(const clang::Diagnostic& info);

}  // namespace ampcl::translate
