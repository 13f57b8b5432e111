// ampcl-c++: the compiler driver for C++ AMP source, as nvcc and hipcc are for
// theirs. For each C++ source: the translation pass (restrict(amp) code to OpenCL
// C kernels, in-process), then the host pass (Clang in CUDA host mode, the kernels
// compiled in) to an object; then the link against libampcl.
//
//   ampcl-c++ [-c] [-o out] [compiler flags] a.cpp b.cpp [objects] [-l...]
//   ampcl-c++ --emit-cl a.cpp        # print the OpenCL C of a.cpp's kernels
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>
#include <llvm/Support/raw_ostream.h>

#include <ampcl/detail/settings.hpp>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

#include "frontend.hpp"
#include "registry_writer.hpp"

namespace {

using ampcl::translate::pass_setup;

struct options {
  std::vector<std::string> sources;
  std::vector<std::string> link_inputs;   // objects, archives, -l, -L, -Wl,...
  std::vector<std::string> compile_args;  // -I, -D, -std, -O, -g, -W, -f, ...
  std::vector<std::string> host_only_args;  // dependency files: -MD, -MF file, ...
  std::string output;
  std::string standard = "-std=c++17";
  bool compile_only = false;
  bool emit_cl = false;
  bool verbose = false;
  bool keep = false;
  bool syntax_only = false;
  bool print_resource_dir = false;
  ampcl::translate::dialect language = ampcl::translate::dialect::visual_cpp;
};

bool is_source(const std::string& f) {
  for (const char* ext : {".cpp", ".cc", ".cxx", ".C", ".c++", ".cp"})
    if (llvm::StringRef(f).endswith(ext)) return true;
  return false;
}

const char* usage =
    "usage: ampcl-c++ [options] file.cpp... [objects] [-lname]\n"
    "Compiles C++ AMP source (restrict(amp) code, <amp.h>) for ampcl: kernels become\n"
    "OpenCL C, host code is compiled by Clang, and the program links libampcl.\n"
    "  -c                compile to objects only        -o FILE     the output\n"
    "  --emit-cl         print each kernel's OpenCL C    -v          print each command\n"
    "  --keep            keep the intermediate files     --version   the version\n"
    "  -Xlink ARG        ARG to the C++ compiler that links (e.g. -Xlink -fsanitize=address)\n"
    "  --print-resource-dir  print the Clang resource directory (stddef.h, ...) it uses\n"
    "  --dialect=msvc    Visual C++'s C++ (the default): templates parsed when used,\n"
    "                    Microsoft extensions, _MSC_VER 1929 (-fms-compatibility-version=\n"
    "                    picks another), temporaries bound to non-const references\n"
    "  --dialect=hcc, --hcc  GNU C++ with HCC's leniencies (restrictions inferred,\n"
    "                    namespace-scope data in kernels, float atomics, HCC's macros)\n"
    "  --dialect=standard    ISO C++ and C++ AMP's rules, nothing more\n"
    "Every other flag goes to the compiler (-I, -D, -std=, -O2, -g, -W...) or, when it\n"
    "is a linker flag (-l, -L, -Wl,), to the link.\n";

int parse(int argc, char** argv, options& o) {
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    auto next = [&](const char* what) -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "ampcl-c++: error: " << a << " needs " << what << " after it\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "-h" || a == "--help") {
      std::cout << usage;
      std::exit(0);
    } else if (a == "--version") {
      std::cout << "ampcl-c++ " << AMPCL_VERSION << " (C++ AMP to OpenCL C 1.2, Clang 14)\n";
      std::exit(0);
    } else if (a == "--print-resource-dir" || a == "-print-resource-dir") {
      o.print_resource_dir = true;
    } else if (a == "--hcc") {
      o.language = ampcl::translate::dialect::hcc;
    } else if (a.rfind("--dialect=", 0) == 0) {
      const auto d = ampcl::translate::dialect_named(a.substr(10));
      if (!d) {
        std::cerr << "ampcl-c++: error: unknown dialect '" << a.substr(10)
                  << "': use --dialect=msvc (Visual C++, the default), hcc or standard\n";
        std::exit(2);
      }
      o.language = *d;
    } else if (a == "-c") {
      o.compile_only = true;
    } else if (a == "-fsyntax-only") {
      o.syntax_only = true;
    } else if (a == "-o") {
      o.output = next("a file name");
    } else if (a == "--emit-cl") {
      o.emit_cl = true;
    } else if (a == "-v") {
      o.verbose = true;
    } else if (a == "--keep") {
      o.keep = true;
    } else if (a == "-I" || a == "-D" || a == "-U" || a == "-include" || a == "-isystem" ||
               a == "-iquote" || a == "-idirafter") {
      o.compile_args.push_back(a);
      o.compile_args.push_back(next("an argument"));
    } else if (a == "-MD" || a == "-MMD" || a == "-MP") {
      o.host_only_args.push_back(a);
    } else if (a == "-MF" || a == "-MT" || a == "-MQ") {
      o.host_only_args.push_back(a);
      o.host_only_args.push_back(next("a file name"));
    } else if (a == "-L" || a == "-l") {
      o.link_inputs.push_back(a + next("an argument"));
    } else if (a == "-Xlink") {
      o.link_inputs.push_back(next("an argument for the linking compiler"));
    } else if (a.rfind("-l", 0) == 0 || a.rfind("-L", 0) == 0 || a.rfind("-Wl,", 0) == 0 ||
               a == "-pthread" || a == "-shared" || a == "-static" || a == "-rdynamic") {
      o.link_inputs.push_back(a);
      if (a == "-pthread") o.compile_args.push_back(a);
    } else if (a.rfind("-std=", 0) == 0) {
      // ampcl's headers need C++17; C++ AMP code (C++11) compiles as C++17.
      const std::string v = a.substr(5);
      const bool older = v == "c++11" || v == "c++0x" || v == "c++14" || v == "c++1y" ||
                         v == "gnu++11" || v == "gnu++14" || v == "gnu++0x" || v == "gnu++1y";
      o.standard = older ? "-std=c++17" : a;
    } else if (!a.empty() && a[0] == '-') {
      o.compile_args.push_back(a);
    } else if (is_source(a)) {
      o.sources.push_back(a);
    } else {
      o.link_inputs.push_back(a);
    }
  }
  o.compile_args.insert(o.compile_args.begin(), o.standard);
  if (o.sources.empty() && o.link_inputs.empty() && !o.print_resource_dir) {
    std::cerr << "ampcl-c++: error: no input files\n" << usage;
    return 2;
  }
  if (o.compile_only && !o.output.empty() && o.sources.size() > 1) {
    std::cerr << "ampcl-c++: error: -c with -o takes one source file, not " << o.sources.size()
              << "\n";
    return 2;
  }
  return 0;
}

int run(const std::vector<std::string>& cmd, bool verbose) {
  if (verbose) {
    for (const std::string& a : cmd) llvm::errs() << a << " ";
    llvm::errs() << "\n";
  }
  auto program = llvm::sys::findProgramByName(cmd[0]);
  if (!program) {
    std::cerr << "ampcl-c++: error: cannot find '" << cmd[0]
              << "' (set AMPCL_LINK_CXX to the C++ compiler that links)\n";
    return 1;
  }
  std::vector<llvm::StringRef> args(cmd.begin(), cmd.end());
  std::string message;
  const int rc = llvm::sys::ExecuteAndWait(*program, args, llvm::None, {}, 0, 0, &message);
  if (rc < 0) std::cerr << "ampcl-c++: error: " << cmd[0] << ": " << message << "\n";
  return rc;
}

std::string temp_file(const std::string& stem, const std::string& ext) {
  llvm::SmallString<256> path;
  llvm::sys::fs::createTemporaryFile("ampcl-" + llvm::sys::path::stem(stem).str(), ext, path);
  return path.str().str();
}

std::string object_for(const std::string& source) {
  return llvm::sys::path::stem(source).str() + ".o";
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  if (int rc = parse(argc, argv, o)) return rc;
  pass_setup setup = ampcl::translate::default_setup(argv[0]);
  setup.language = o.language;
  setup.verbose = o.verbose;
  // Linking objects alone needs no Clang headers.
  if (setup.resource_dir.empty() && (!o.sources.empty() || o.print_resource_dir)) {
    std::cerr << "ampcl-c++: error: " << setup.resource_error << "\n";
    return 1;
  }
  if (o.print_resource_dir) {
    std::cout << setup.resource_dir << "\n";
    return 0;
  }
  namespace st = ampcl::detail::settings;
  const std::string link_cxx = st::text(st::id::link_cxx).value_or("c++");

  std::vector<std::string> objects, temporaries;
  int status = 0;
  for (const std::string& src : o.sources) {
    ampcl::translate::translation t = ampcl::translate::translate_file(setup, src, o.compile_args);
    for (const auto& d : t.diagnostics) std::cerr << d.format() << "\n";
    if (!t.ok) {
      std::size_t errors = t.clang_errors;
      for (const auto& d : t.diagnostics) errors += d.error ? 1 : 0;
      std::cerr << "ampcl-c++: " << src << ": not compiled";
      if (errors > 0)
        std::cerr << " (" << errors << " error" << (errors == 1 ? "" : "s") << ", above)\n";
      else
        std::cerr << ": the translation stopped without a message; this is an ampcl-c++ bug, "
                     "please report it with the source\n";
      status = 1;
      continue;
    }
    if (o.emit_cl) {
      for (const auto& k : t.kernels)
        std::cout << "// ---- kernel " << k.name << " (" << k.entry << ") ----\n" << k.source;
      continue;
    }
    std::string obj = o.compile_only && !o.output.empty() ? o.output
                      : o.compile_only                   ? object_for(src)
                                                          : temp_file(src, "o");
    // Beside the object when there is one: a dependency file may name it.
    const std::string registry = o.compile_only ? obj + ".kernels.inc" : temp_file(src, "inc");
    {
      std::ofstream f(registry);
      f << ampcl::translate::registry_source(t);
    }
    if (!o.compile_only) temporaries.push_back(registry);
    if (!o.compile_only) temporaries.push_back(obj);
    std::vector<std::string> host_args = o.compile_args;
    host_args.insert(host_args.end(), o.host_only_args.begin(), o.host_only_args.end());
    if (o.verbose) std::cerr << "ampcl-c++: host pass: " << src << " -> " << obj << "\n";
    if (!ampcl::translate::compile_host(setup, src, host_args, registry, o.syntax_only ? "" : obj)) {
      status = 1;
      continue;
    }
    objects.push_back(obj);
  }
  if (status == 0 && !o.compile_only && !o.emit_cl && !o.syntax_only) {
    std::vector<std::string> cmd = {link_cxx};
    for (const std::string& obj : objects) cmd.push_back(obj);
    for (const std::string& in : o.link_inputs) cmd.push_back(in);
    std::vector<std::string> dirs = setup.lib_dirs;
    if (auto d = st::text(st::id::lib_dir)) dirs.insert(dirs.begin(), *d);
    for (const std::string& dir : dirs) {
      cmd.push_back("-L" + dir);
      cmd.push_back("-Wl,-rpath," + dir);
    }
    // oneTBB runs <ppl.h>'s algorithms, which are templates in the user's objects: a
    // program that uses none does not depend on it.
    for (const char* lib : {"-lampcl_amp", "-lampcl", "-Wl,--push-state,--as-needed", "-ltbb",
                            "-Wl,--pop-state", "-lOpenCL", "-lpthread"})
      cmd.push_back(lib);
    cmd.push_back("-o");
    cmd.push_back(o.output.empty() ? "a.out" : o.output);
    if (run(cmd, o.verbose) != 0) status = 1;
  }
  if (!o.keep)
    for (const std::string& f : temporaries) llvm::sys::fs::remove(f);
  else
    for (const std::string& f : temporaries) std::cerr << "ampcl-c++: kept " << f << "\n";
  return status;
}
