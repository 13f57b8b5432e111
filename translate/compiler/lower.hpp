// Lowering restrict(amp) C++ to OpenCL C 1.2, one kernel at a time.
//
// A kernel is an instantiation of a kernel entry (a function template marked
// __AMPCL_KERNEL_ENTRY in the headers). Everything it reaches is written out as
// C: classes become structs laid out as Clang laid them out, member functions
// take `this_`, references become pointers, constructors and operators become
// calls. OpenCL C 1.2 has no generic address space, so every pointer's space
// (private, __local for tile_static, __global for view data, __constant) is
// inferred, and a function is emitted once per combination of its pointer
// parameters' spaces (a clone). tile_static variables are hoisted to the kernel
// and passed down to the functions that use them.
#pragma once

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/SourceManager.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "translation.hpp"

namespace ampcl::translate {

// Where a pointer points. `none`: nothing known yet (the bottom); `conflict`:
// two different spaces, which OpenCL C 1.2 cannot express.
enum class space : unsigned char { none, priv, local, global, constant, conflict };
space join(space a, space b);
const char* qualifier(space s);  // "__global ", ... ("" for private)

// The spaces of a value's pointer levels (levels[0]: where it points), or for a
// glvalue, where the object is followed by the levels of its type.
using levels = std::vector<space>;

// tile_static variables in the order they are written (then by address, for
// instantiations of one template's variable): the kernel's parameters and locals
// come out the same from run to run and build to build, so its OpenCL C, and the
// program caches keyed by it, do not change with where Clang allocated them.
struct in_source_order {
  bool operator()(const clang::VarDecl* a, const clang::VarDecl* b) const {
    const auto at = a->getLocation().getRawEncoding(), bt = b->getLocation().getRawEncoding();
    return at != bt ? at < bt : a < b;
  }
};
using tile_static_set = std::set<const clang::VarDecl*, in_source_order>;

// One emitted copy of a function, for one combination of its parameters' spaces.
struct clone {
  const clang::FunctionDecl* fn = nullptr;
  levels key;  // `this` first, then each pointer or reference parameter's levels
  std::string name;
  std::map<const clang::VarDecl*, levels> vars;  // pointer and reference variables
  levels ret;
  tile_static_set tile_statics;  // used here or by callees
  bool analyzing = false;
  bool analyzed_in_pass = false;
  // Emission state.
  std::vector<std::string> temps;  // declarations of temporaries
  int next_temp = 0;
  std::set<std::string> source_names;  // local_names.cpp
  bool source_names_ready = false;
  // Destructors (emit_stmt.cpp): per open block, the calls that destroy its
  // objects, in construction order; for each enclosing loop or switch, the block
  // depth a break or continue leaves to (and whether it is a loop); the
  // destructor calls of the full expression being lowered (its temporaries).
  std::vector<std::vector<std::string>> scopes;
  std::vector<std::pair<std::size_t, bool>> exits;
  std::vector<std::string> cleanups;
};

// A kernel parameter and how the prologue stores it into the entry's arguments.
struct kernel_param_out {
  std::string declaration;  // "__global float* sum"
  std::string store;        // C statements of the prologue
  host_param host;
  int image_slot = -1;  // a texture's or sampler's placeholder (images.cpp)
};

// A texture, texture view or sampler the functor holds: one kernel parameter or
// two (an image both read and written), shared by every function (images.cpp).
struct image_slot {
  bool is_sampler = false;
  int rank = 0;
  bool can_read = false, can_write = false;      // what its type allows
  bool read = false, write = false;              // what the kernel does with it
  bool read_param = false, write_param = false;  // the parameters it gets
  const clang::FieldDecl* top = nullptr;  // the functor's field that holds it
  host_param host;
  std::string name;  // "__img0" (its write parameter: "__img0w"), "__smp1"
};

// A dispatch helper a read, write, sample or gather calls.
struct image_helper {
  std::string op, k, vec, rtype, name;
  std::vector<std::string> comps;
  long filter = 0, address = 0;
};

// The rules per construct (emit_expr.cpp, emit_stmt.cpp, spaces.cpp's address
// spaces) and the analysis's walk of a body: the parts of the lowering that see
// its state.
class expression_rules;
class statement_rules;
class space_rules;
class body_walker;

class lowering {
 public:
  // `clang_resource_dir`: Clang's resource directory, for the read-only analysis
  // of view parameters (read_only_params.hpp); empty: every non-const view counts
  // as written.
  lowering(clang::ASTContext& ctx, std::vector<diagnostic>& diags,
           std::string clang_resource_dir = "");

  // The whole OpenCL C program of the kernel `entry`, or false after errors.
  bool lower_kernel(const clang::FunctionDecl* entry, kernel_out& out);

 private:
  friend class expression_rules;
  friend class statement_rules;
  friend class space_rules;
  friend class body_walker;

  std::string clang_resource_dir;

  bool const_read_only_params(std::vector<kernel_param_out*>& declared, const std::string& source,
                              const std::string& kernel);

  // ---- analysis (spaces.cpp) ----
  clone& request(const clang::FunctionDecl* fn, levels key);
  levels eval(clone& c, const clang::Expr* e);
  levels call_key(clone& c, const clang::FunctionDecl* callee, const clang::Expr* object,
                  bool object_is_pointer, llvm::ArrayRef<const clang::Expr*> args);
  // A null pointer is in no memory: passed to a constructor of an object that holds
  // views (array_view<T>(0, nullptr), C++ AMP Algorithms' empty iterator), it takes
  // the memory the object's views are in, key[1], so that the object can later be
  // assigned views of that memory. Call again after changing key[1].
  void null_pointers_follow_views(levels& key, const clang::FunctionDecl* callee,
                                  llvm::ArrayRef<const clang::Expr*> args);
  static int depth(clang::QualType t);
  levels field_levels(const clang::FieldDecl* f);
  // Views: an array_view (a record with view data), or a record holding views by
  // value, has one level more than its pointers, the last: the memory its views'
  // data is in (global when none is known: what kernels capture). One OpenCL
  // struct per memory (c_types.cpp); functions are cloned per memory as per
  // pointer space.
  static bool holds_views(clang::QualType t);
  static bool per_object(const clang::FieldDecl* f);     // view data, or a view held by value
  // A clone returning `const T&` to operands in different memories (C++ AMP BLAS's
  // `max(a, b)` of a tile_static element and a local): OpenCL C 1.2 has no pointer
  // type for it, so it returns the value and each call keeps it in a private slot.
  static bool returns_copy(const clone& c);
  static int this_depth(const clang::FunctionDecl* fn);  // `this`'s levels (0: none)
  static levels defaults(clang::QualType t);             // private pointers, global views
  static void settle(levels& v, clang::QualType t);      // resized, `none` -> defaults
  levels view_arguments(clone& c, const clang::CXXConstructorDecl* ctor,
                        llvm::ArrayRef<const clang::Expr*> args);
  levels constructed(clone& c, const clang::CXXConstructExpr* ce);

  // ---- types and names (c_types.cpp) ----
  std::string type(clang::QualType t, const levels& lv = {}, std::size_t at = 0);
  std::string declare(clang::QualType t, const levels& lv, const std::string& name);
  std::string record_name(const clang::RecordDecl* rd, space views = space::none);
  std::string field_name(const clang::FieldDecl* f);
  // ---- a function's local names (local_names.cpp) ----
  std::string var_name(clone& c, const clang::VarDecl* v);
  const std::set<std::string>& source_names(clone& c);  // what the source declares
  std::string local_name(clone& c, const std::string& base);  // base + a number, free
  std::string fresh(const std::string& base);  // a program-wide unique identifier
  static std::string sanitize(const std::string& s);

  // ---- expressions and statements (emit_expr.cpp, emit_stmt.cpp) ----
  std::string expr(clone& c, const clang::Expr* e);
  std::string lvalue(clone& c, const clang::Expr* e);
  std::string address(clone& c, const clang::Expr* e);
  std::string rvalue_as(clone& c, const clang::Expr* e, clang::QualType to);
  std::string value_of(clone& c, const clang::Expr* e);
  std::string call(clone& c, const clang::FunctionDecl* fn, const clang::Expr* object,
                   bool object_is_pointer, llvm::ArrayRef<const clang::Expr*> args,
                   const clang::Expr* site);
  // `where`: the target's levels when it is not a new temporary (where it is,
  // then its views' memory).
  std::string construct(clone& c, const clang::CXXConstructExpr* ce, const std::string& target,
                        const levels& where = {});
  // The constructor call of `ce` on `element` (a variable, or one element of an array).
  std::string construct_element(clone& c, const clang::CXXConstructExpr* ce,
                                const std::string& element, const levels& where = {});
  std::string temp(clone& c, clang::QualType t, const levels& lv = {});
  // The destructor's call on the private object at `address` (C++ AMP runs them
  // in kernels as anywhere), "" when it does nothing on the device.
  std::string destroy(clone& c, const clang::CXXRecordDecl* rd, const std::string& address,
                      space views = space::none);
  bool destructor_matters(const clang::CXXRecordDecl* rd);
  // The calls destroying the objects of the blocks deeper than `depth`, innermost first.
  std::string destroy_scopes(clone& c, std::size_t depth, const std::string& pad);
  std::map<const clang::CXXRecordDecl*, bool> destructor_effects;
  // Lowers a full expression whose value is unused (a statement, a for's step).
  std::string discarded(clone& c, const clang::Expr* e);
  bool value_unused = false;  // for the full expression being lowered
  void stmt(clone& c, const clang::Stmt* s, std::string& out, int indent);
  void emit_function(clone& c);
  std::string line_directive(clang::SourceLocation loc);

  // A namespace-scope or static const variable with a constant initializer, as a
  // __constant variable of the program; its name ("" after an error).
  std::string global_constant(const clang::VarDecl* v, clang::SourceLocation use);
  std::string constant_value(const clang::APValue& v, clang::QualType t);

  // ---- builtins (builtins.cpp) ----
  static bool builtin_pattern(const clang::FunctionDecl* fn, std::string& pattern);
  std::string expand_builtin(clone& c, const std::string& pattern,
                             llvm::ArrayRef<const clang::Expr*> args,
                             const clang::FunctionDecl* fn);
  std::string private_atomic(clone& c, const std::string& op, const std::vector<std::string>& args,
                             clang::QualType elem);
  std::map<std::string, std::string> private_atomics;  // helper name -> definition

  // ---- kernels (kernel.cpp) ----
  void flatten(clang::QualType t, const std::string& target, host_param host,
               const std::string& name, std::vector<kernel_param_out>& out, int& local_count,
               std::string& locals);

  // ---- textures and samplers (images.cpp) ----
  void add_image_slot(const clang::FieldDecl* f, const std::string& target, host_param h,
                      std::vector<kernel_param_out>& out);
  // A call of a member that reads or writes its object's image.
  void note_image_access(clone& c, const clang::FunctionDecl* fn, const clang::Expr* object);
  // What every function's parameter list and every call's arguments end with when
  // the kernel has images ("" otherwise); finish_images fills them in.
  std::string image_params_mark() const;
  std::string image_args_mark() const;
  // A call of an image primitive (__AMPCL_BUILTIN("@op")) with its arguments' texts.
  std::string image_builtin(const std::string& op, const std::vector<std::string>& args,
                            const clang::FunctionDecl* fn, clang::SourceLocation site);
  std::string image_helper_text(const image_helper& h);
  void decide_image_params();
  void finish_images(std::vector<kernel_param_out>& params, std::string& program_text,
                     std::string& helpers, std::string& top_args, bool& writes_3d);
  std::vector<image_slot> image_slots;
  std::map<std::string, image_helper> image_helpers;
  const clang::FieldDecl* flatten_top = nullptr;  // the functor's field being flattened
  int flatten_level = 0;

  // ---- errors ----
  void error(clang::SourceLocation loc, const std::string& text);
  bool failed() const { return failed_; }

  clang::ASTContext& ctx;
  const clang::SourceManager& sm;
  std::vector<diagnostic>& diags_;
  bool failed_ = false;

  // Program state.
  std::map<std::pair<const clang::FunctionDecl*, levels>, clone> clones;
  std::map<const clang::FieldDecl*, levels> fields;
  std::map<std::pair<const clang::RecordDecl*, space>, std::string> record_names;
  std::vector<std::string> record_order;  // definitions, dependencies first
  std::map<std::pair<const clang::RecordDecl*, space>, int> record_state;  // 1 emitting, 2 done
  std::set<std::string> used_names;
  std::map<const clang::VarDecl*, std::string> tile_static_names;
  std::vector<const clang::VarDecl*> tile_static_order;
  std::vector<clone*> emitted;  // function definitions in emission order
  std::map<clone*, std::string> function_texts;
  std::vector<std::string> record_typedefs;  // forward declarations, naming order
  std::map<const clang::VarDecl*, std::string> constants;
  std::vector<std::string> constant_decls;
  std::string tile_static_name(const clang::VarDecl* v);
  std::set<clone*> emitting;
  std::string last_line_file;
  unsigned last_line = 0;
  bool changed = false;      // a slot grew in this analysis pass
  bool uses_double = false;
  const clang::FunctionDecl* kernel_entry = nullptr;
  // Captures of the lambda whose operator() is being emitted: variable -> field.
  std::map<const clang::CXXRecordDecl*, std::map<const clang::VarDecl*, const clang::FieldDecl*>>
      captures;
  const clang::FieldDecl* capture_field(const clang::FunctionDecl* fn, const clang::VarDecl* v);
  // The OpaqueValueExprs of the PseudoObjectExprs (MSVC properties) being lowered:
  // their source expressions (for the analysis) and the temporaries that hold
  // their values (for emission: each is evaluated once).
  std::map<const clang::OpaqueValueExpr*, const clang::Expr*> opaque;
  std::map<const clang::OpaqueValueExpr*, std::string> opaque_text;
};

// Annotations (restrict.h): annotate("<key>") or annotate("<key>:<value>").
bool has_annotation(const clang::Decl* d, llvm::StringRef key, std::string* value = nullptr);
bool is_tile_static(const clang::VarDecl* v);
// A field that is, or holds, a texture, texture view or sampler (images.cpp).
bool has_image_field(const clang::FieldDecl* f);
bool is_device_function(const clang::FunctionDecl* fn);

}  // namespace ampcl::translate
