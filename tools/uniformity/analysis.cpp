// The analysis over the program: function passes until the summaries settle,
// then callers resolve the inputs of the conditions asked about.
#include <clang/AST/DeclCXX.h>

#include "flow.hpp"

namespace ampcl::uniformity {

using namespace clang;

void control::add(dependence d, reason why) {
  if ((d & thread) && !(on & thread)) thread_reason = why;
  if ((d & unknown) && !(on & unknown)) unknown_reason = why;
  on |= d;
}

void control::add(const control& c) {
  if ((c.on & thread) && !(on & thread)) thread_reason = c.thread_reason;
  if ((c.on & unknown) && !(on & unknown)) unknown_reason = c.unknown_reason;
  on |= c.on;
}

const summary* analysis::program::summary_of(const FunctionDecl* callee,
                                             const FunctionDecl** definition) const {
  const FunctionDecl* body = nullptr;
  if (!callee || !callee->hasBody(body)) return nullptr;
  auto it = summaries.find(body);
  if (it == summaries.end()) return nullptr;
  if (definition) *definition = body;
  return &it->second;
}

dependence analysis::program::resolve(const FunctionDecl* fn, dependence d) const {
  dependence r = d & (thread | unknown);
  for (unsigned bit = 2; bit < 64; ++bit)
    if (d & (dependence{1} << bit)) r |= input(fn, bit);
  return r;
}

// An input of `fn` is what every call of it passes: the union over its call
// sites, resolved in turn in their callers.
dependence analysis::program::input(const FunctionDecl* fn, unsigned bit) const {
  if (lang.entry(*fn)) return 0;
  const auto key = std::make_pair(fn, bit);
  if (auto it = resolved_.find(key); it != resolved_.end()) return it->second;
  if (!resolving_.insert(key).second) return 0;  // recursion: the other calls decide
  dependence r = 0;
  if (auto calls = callers.find(fn); calls != callers.end())
    for (const auto& [at, site] : calls->second) {
      dependence passed = unknown;
      if (bit == 2)
        passed = site.object;
      else if (bit - 3 < site.arguments.size())
        passed = site.arguments[bit - 3];
      r |= resolve(site.caller, passed);
    }
  resolving_.erase(key);
  resolved_[key] = r;
  return r;
}

namespace {

// Joins `from` into `into`; whether that changed it.
bool merge(summary& into, const summary& from) {
  const summary old = into;
  into.result |= from.result;
  into.result_place |= from.result_place;
  if (into.reference_out.size() < from.reference_out.size())
    into.reference_out.resize(from.reference_out.size());
  for (std::size_t i = 0; i < from.reference_out.size(); ++i)
    into.reference_out[i] |= from.reference_out[i];
  into.object_out |= from.object_out;
  into.waits |= from.waits;
  into.barrier_inputs |= from.barrier_inputs;
  return !(into == old);
}

}  // namespace

analysis::analysis(const language& lang, const std::vector<const FunctionDecl*>& functions)
    : p_(std::make_unique<program>(lang, functions)) {
  for (const FunctionDecl* fn : functions) p_->summaries[fn];
  find_escapes(*p_);
  // Summaries only grow, so the rounds end; each pass also grows the records.
  for (bool changed = true; changed;) {
    changed = false;
    for (const FunctionDecl* fn : functions)
      changed |= merge(p_->summaries[fn], flow(*p_, *fn).run());
  }
}

analysis::~analysis() = default;

const std::vector<barrier_site>& analysis::barriers(const FunctionDecl* fn) const {
  static const std::vector<barrier_site> none;
  auto it = p_->sites.find(fn);
  return it == p_->sites.end() ? none : it->second;
}

dependence analysis::condition(const Expr* cond) const {
  auto it = p_->conditions.find(cond);
  if (it == p_->conditions.end()) return unknown;
  return p_->resolve(it->second.first, it->second.second);
}

}  // namespace ampcl::uniformity
