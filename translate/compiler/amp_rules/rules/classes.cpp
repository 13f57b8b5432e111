// 2.2.2: an object made on a side is destroyed on it, so a class's destructor
// has every restriction its constructors have.
#include "../rule.hpp"

namespace ampcl::translate::amp_rules {

using namespace clang;

namespace {

// The restrictions written on a function, or restrict(cpu) when none are.
bool on_amp(const FunctionDecl* fn, const amp_context& cx) { return cx.amp_side(fn); }
bool on_cpu(const FunctionDecl* fn, const amp_context& cx) {
  return amp_context::written_cpu(fn) || !cx.amp_side(fn);
}

class destructor_covers_constructors : public rule {
  void check_class(const CXXRecordDecl& rd, amp_context& cx) const override {
    const CXXDestructorDecl* d = rd.getDestructor();
    if (!d || d->isImplicit() || rd.isLambda()) return;
    for (const CXXConstructorDecl* c : rd.ctors()) {
      if (c->isImplicit() || c->isDeleted() || (!amp_context::written_amp(c) && c->isDefaulted()))
        continue;
      const char* missing = on_amp(c, cx) && !on_amp(d, cx)   ? "restrict(amp)"
                            : on_cpu(c, cx) && !on_cpu(d, cx) ? "restrict(cpu)"
                                                              : nullptr;
      if (!missing) continue;
      cx.report(d->getLocation(),
                "the destructor of " + amp_context::quoted(&rd) + " is not " + missing +
                    " but constructor at line " +
                    std::to_string(cx.sm.getPresumedLineNumber(cx.sm.getFileLoc(c->getLocation()))) +
                    " is: a destructor must have every restriction of the class's constructors; "
                    "declare it restrict(cpu, amp)");
      return;
    }
  }
};

}  // namespace

void add_class_rules(rule_list& rules) {
  rules.push_back(std::make_unique<destructor_covers_constructors>());
}

}  // namespace ampcl::translate::amp_rules
