#!/usr/bin/env python3
"""Builds real C++ AMP libraries' own test suites with ampcl-c++ and runs them.

Entry point: scripts/validate_libraries.sh (the same arguments). Each corpus is extracted
at its pinned commit from a git mirror into a work folder, the host-only substitutions of
substitutions.tsv are applied, each test is compiled with ampcl-c++ (the build steps per
corpus are below: sources, include dirs, defines; GoogleTest from Debian's libgtest-dev)
and run on the default OpenCL device. Every failure is given a cause from causes.tsv (a
pattern matched in its log, or an entry of assign.tsv for failures a log cannot tell
apart), and the script prints the table and the cause list (docs/validation_amp.md).
"""
import argparse
import concurrent.futures as futures
import fnmatch
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
import substitute  # noqa: E402

# Since ca284a4 ampcl-c++ reads Visual C++'s dialect by default (late template parsing,
# Microsoft extensions, _MSC_VER, __STRICT_ANSI__ for libstdc++, ...), so the Visual C++ corpora
# get no dialect flag. The probe (Runner.probe) adds what the dialect of the ampcl-c++ in use
# still lacks, each the workaround of a cause:
# - _M_X64 and _M_AMD64, which clang-cl defines with _MSC_VER on x64: headers that test
#   _MSC_VER alone take 32-bit Windows for granted (Boost.TypeTraits adds __stdcall/__fastcall
#   specializations, redefinitions on x86-64: cause msc-ver-without-m-x64);
# - ampcl's dialect folder translate/include/msvc (stdext's checked iterators in <iterator>),
#   which ampcl-c++ is to search in Visual C++'s dialect (cause companion-stdext);
# - <windows.h> and <concrt.h> read first, when <amp.h> and <concurrent_unordered_map.h> do not
#   bring their names as Visual C++'s do (BOOL, TRUE, LARGE_INTEGER, DWORD, GetCurrentThreadId,
#   critical_section: cause companion-transitive), with NOMINMAX (Visual C++'s <amp.h> brings no
#   min/max macros: its users call std::min(a, b)).
MSVC_ARCH = ["-D_M_X64=100", "-D_M_AMD64=100"]
MSVC_TRANSITIVE = ["-DNOMINMAX", "-include", "windows.h", "-include", "concrt.h"]
TRANSITIVE_PROBE = ("#include <amp.h>\n#include <concurrent_unordered_map.h>\nBOOL b = TRUE;\n"
                    "LARGE_INTEGER li;\nDWORD id() { return GetCurrentThreadId(); }\n"
                    "concurrency::critical_section cs;\n")
# The causes the probe's additions work around.
FLAG_CAUSE = {"-D_M_X64=100": "msc-ver-without-m-x64", "msvc-include": "companion-stdext",
              "transitive-include": "companion-transitive"}
COMPAT = HERE / "compat"
# The cause each stand-in header of compat/ works around (causes.tsv), when a corpus includes it.
SHIM_CAUSE = {
    "windows.h": "companion-windows-h", "Windows.h": "companion-windows-h", "tchar.h": "companion-tchar-h",
    "ppl.h": "companion-ppl-h", "concurrent_unordered_map.h": "companion-concurrent-containers",
    "SDKDDKVer.h": "windows-sdk-header", "direct.h": "windows-sdk-header", "xutility": "windows-sdk-header",
    "d3d11.h": "direct3d-header", "D3Dcommon.h": "direct3d-header", "d3dcsx.h": "direct3d-header",
    "tbb/task_scheduler_init.h": "tbb4-task-scheduler-init",
}
GTEST_LINK = ["-lgtest", "-pthread"]
GTEST_MAIN = ["-lgtest_main"]


@dataclass
class Corpus:
    id: str
    repo: str  # owner/name
    commit: str
    paths: list
    licence: str
    dialect: str  # msvc | hcc | none
    describe: str
    enumerate: object = None  # root -> (tests, excluded, prebuilt)


@dataclass
class Test:
    name: str
    sources: list  # relative to the corpus root
    cwd: str = "."
    flags: list = field(default_factory=list)
    mode: str = "run"  # run | gtest | compile | compile-fail | link-fail | lit
    args: list = field(default_factory=list)
    timeout: int = 600
    objects: list = field(default_factory=list)  # prebuilt object names
    link: list = field(default_factory=list)
    expect_line: int = 0  # compile-fail: the line the error must be at
    lit: list = field(default_factory=list)  # lit mode: [(stage, command)]
    program: str = ""  # tests that share one program (run with other arguments) name it alike
    fail_re: str = ""  # a line of the output that marks a failure although the exit status is 0
    note: str = ""  # shown beside the test in the per-test table (what its authors reported)


@dataclass
class Prebuilt:
    name: str
    source: str
    flags: list = field(default_factory=list)
    cwd: str = "."
    cc: str = ""  # a plain C compiler for C sources (reference code), else ampcl-c++


# ---------------------------------------------------------------- corpora


def hcc_unit(root):
    """HCC's tests/Unit: every test whose RUN lines compile with %cxxamp, not XFAIL."""
    base = root / "tests/Unit"
    tests, excluded = [], []
    for f in sorted(base.rglob("*.cpp")):
        text = f.read_text(errors="replace")
        runs = [l.split("RUN:", 1)[1].strip() for l in text.splitlines() if "RUN:" in l]
        if not any("%cxxamp" in r for r in runs):
            continue
        name = str(f.relative_to(base))[:-4]
        rel = str(f.relative_to(root))
        if re.search(r"XFAIL:", text):
            excluded.append((name, "XFAIL in HCC"))
            continue
        if any("-emit-llvm" in r or "%llvm-dis" in r for r in runs):
            excluded.append((name, "checks HCC's LLVM IR (FileCheck on -emit-llvm), not C++ AMP"))
            continue
        checks = [(i + 1, l) for i, l in enumerate(text.splitlines()) if re.search(r"CHECK", l)]
        if any("FileCheck" in r for r in runs):
            errs = [(n, l) for n, l in checks if "error:" in l]
            undef = [(n, l) for n, l in checks if "undefined reference" in l]
            if errs:
                n, l = errs[0]
                m = re.search(r"\[\[@LINE([+-]\d+)?\]\]", l)
                line = n + int(m.group(1) or 0) if m else 0
                if not m:
                    m2 = re.search(r":(\d+):\d+: error", l)
                    line = int(m2.group(1)) if m2 else 0
                tests.append(Test(name, [rel], cwd=str(f.parent.relative_to(root)),
                                  mode="compile-fail", expect_line=line, timeout=300))
            elif undef:
                tests.append(Test(name, [rel], cwd=str(f.parent.relative_to(root)),
                                  mode="link-fail", timeout=300))
            else:
                excluded.append((name, "checks HCC's driver messages (FileCheck on a warning), not C++ AMP"))
            continue
        lit = []
        for r in runs:
            for cmd in r.split("&&"):
                cmd = cmd.strip()
                if not cmd:
                    continue
                stage = "build" if cmd.startswith("%cxxamp") else "run"
                lit.append((stage, cmd))
        tests.append(Test(name, [rel], cwd=str(f.parent.relative_to(root)), mode="lit", lit=lit,
                          timeout=300))
    return tests, excluded, []


def bolt_common(root, sub, hcc_port):
    """Bolt's C++ AMP GoogleTest suites (test/amp/*/ one program each)."""
    top = root / sub if sub else root
    tdir = top / "test/amp"
    inc = [f"-I{top / 'include'}", f"-I{tdir}", f"-I{tdir / 'common'}", f"-I{top}"]
    flags = inc + ["-DAMP_TESTS", "-DBOLT_AMP", "-DNOMINMAX"]
    link = GTEST_LINK
    if not hcc_port:
        # The Visual C++ suites test every run mode, the multicore CPU one too: Bolt's
        # BUILD_TBB configuration (test/CMakeLists.txt), on Debian's oneTBB with compat/'s
        # stand-in for TBB 4's task_scheduler_init.
        flags += ["-DENABLE_TBB"]
        link = GTEST_LINK + ["-ltbb"]
    # CMake's configure_file: include/bolt/BoltVersion.h from its .in, with the top
    # CMakeLists.txt's default version.
    cm_top = (top / "CMakeLists.txt").read_text(errors="replace")
    ver = {k: (re.search(rf"set\(\s*Bolt_VERSION_{k}\s+(\d+)", cm_top) or [None, "0"])[1]
           for k in ("MAJOR", "MINOR", "PATCH")}
    vin = top / "include/bolt/BoltVersion.h.in"
    if vin.exists():
        text = vin.read_text(errors="replace")
        for k, v in ver.items():
            text = text.replace(f"@Bolt_VERSION_{k}@", v)
        (top / "include/bolt/BoltVersion.h").write_text(text)
    tests, excluded = [], []
    extra = [str((top / "bolt/amp/control.cpp").relative_to(root)),
             str((top / "bolt/amp/bolt.cpp").relative_to(root)),
             str((top / "bolt/statisticalTimer.cpp").relative_to(root))]
    cm = (tdir / "CMakeLists.txt").read_text(errors="replace")
    active = set(re.findall(r"^\s*add_subdirectory\(\s*(\w+)\s*\)", cm, re.M))
    # HCC's port says above each suite how it did on HCC ("# passed", "# compile OK, failed ...").
    said = {}
    for m in re.finditer(r"((?:^#[^\n]*\n)+)\s*#?\s*add_subdirectory\(\s*(\w+)\s*\)", cm, re.M):
        said[m.group(2)] = m.group(1).strip().splitlines()[-1].lstrip("# ").strip()
    for d in sorted(p for p in tdir.iterdir() if p.is_dir() and p.name not in ("common",)):
        srcs = sorted(str(p.relative_to(root)) for p in d.glob("*.cpp"))
        if not srcs:
            excluded.append((d.name, "no source of its own"))
            continue
        if d.name not in active:
            note = "not in test/amp/CMakeLists.txt"
            if hcc_port:
                note = "commented out in the HCC port's test/amp/CMakeLists.txt"
            if d.name == "parallel_iteration":
                excluded.append((d.name, note + "; a scratch program with no test"))
                continue
        note = ("HCC: " + said[d.name]) if hcc_port and d.name in said else ""
        if hcc_port and d.name not in active:
            note = (note + "; " if note else "") + "commented out of HCC's build"
        tests.append(Test(d.name, srcs, cwd=str(d.relative_to(root)), flags=flags, mode="gtest",
                          objects=["bolt_runtime"], link=link, timeout=900, note=note))
    pre = [Prebuilt("bolt_runtime", s, flags) for s in extra]
    return tests, excluded, pre


def mcw_library(root, lib_sources, inc, tests_dir, test_list, runs):
    """MulticoreWare's libraries: the library's sources compiled once, each test program
    linked with them and run with the arguments its test script gives (RUNS: program ->
    [argument lists])."""
    flags = [f"-I{root / i}" for i in inc] + ["-DLINUX"]
    pre = [Prebuilt("lib", s, flags) for s in lib_sources]
    tests = []
    for src in test_list:
        prog = Path(src).name[:-len("_test.cpp")]
        for args in runs.get(prog, [[]]):
            name = " ".join([prog, *args])
            tests.append(Test(name, [str(Path(tests_dir) / src)], cwd=tests_dir, flags=flags, mode="run",
                              args=args, objects=["lib"], program=prog, fail_re=r"TEST FAILED",
                              timeout=600))
    return tests, pre


def cmake_list(path, var):
    m = re.search(rf"SET\s*\(\s*{var}\b(.*?)\)", Path(path).read_text(errors="replace"), re.S | re.I)
    return m.group(1).split() if m else []


def input_lines(path):
    return [l.split() for l in Path(path).read_text().splitlines() if l.strip()]


def hcblas(root):
    libs = sorted(str(p.relative_to(root)) for p in (root / "lib/src/blas").glob("*/*.cpp"))
    tl = cmake_list(root / "test/src/CMakeLists.txt", "TESTSRCS")
    u = root / "test/unit"
    gemm = input_lines(u / "sgemm_input.txt")
    vec = input_lines(u / "saxpy_input.txt")
    runs = {"sgemm": gemm, "cgemm": gemm, "sgemv": input_lines(u / "sgemv_input.txt"),
            "sger": input_lines(u / "sger_input.txt")}
    for p in ("saxpy", "sscal", "dscal", "scopy", "dcopy", "sasum", "dasum", "sdot", "ddot"):
        runs[p] = vec
    tests, pre = mcw_library(root, libs, ["lib/src/include"], "test/src", tl, runs)
    for t in tests:
        t.link = ["-lblas"]
    return tests, [], pre


def hcsparse(root):
    tl = cmake_list(root / "test/src/CMakeLists.txt", "TESTSRCS")
    runs = {}
    for src in tl:
        if "argv[1]" in (root / "test/src" / src).read_text(errors="replace"):
            runs[src[:-len("_test.cpp")]] = [["input.mtx"]]
    tests, pre = mcw_library(root, ["lib/src/hcsparse_init.cpp"], ["lib/src/include", "lib/src"],
                             "test/src", tl, runs)
    listed = set(tl)
    excluded = [(p.name[:-4], "not in test/src/CMakeLists.txt's TESTSRCS")
                for p in sorted((root / "test/src").glob("*.cpp")) if p.name not in listed]
    return tests, excluded, pre


def hcrng(root):
    libs = sorted(str(p.relative_to(root)) for p in (root / "lib/src/generators").glob("*/*.cpp"))
    tl = cmake_list(root / "test/src/CMakeLists.txt", "TESTSRCS")
    tests, pre = mcw_library(root, libs, ["lib/src/include"], "test/src", tl, {})
    return tests, [], pre


def ampalgorithms(root):
    """The C++ AMP Algorithms library's GoogleTest suite: each test/test_*.cpp a program with
    the suite's own main (gtest_main.cpp, which takes the accelerator options)."""
    # stdafx.h includes <wrl\client.h>, <d3d11.h> and <d3dcsx.h>, which no test but the Direct3D
    # scan uses ("not required includes", it says): ampcl lets them through when asked.
    flags = [f"-I{root / 'inc'}", f"-I{root / 'test'}", "-D_SCL_SECURE_NO_WARNINGS",
             "-DAMPCL_ALLOW_WINDOWS_ONLY_HEADERS"]
    tests, excluded = [], []
    for p in sorted((root / "test").glob("test_*.cpp")):
        tests.append(Test(p.stem, [f"test/{p.name}"], cwd="test", flags=flags, mode="gtest",
                          objects=["main"], link=GTEST_LINK, timeout=1800))
    if (root / "test/examples_stl_amp_algorithms.cpp").exists():
        tests.append(Test("examples_stl_amp_algorithms", ["test/examples_stl_amp_algorithms.cpp"], cwd="test",
                          flags=flags, mode="gtest", objects=["main"], link=GTEST_LINK, timeout=1800))
    pre = [Prebuilt("main", "test/gtest_main.cpp", flags, cwd="test")]
    return tests, excluded, pre


def ampblas(root):
    """C++ AMP BLAS's test suite (test/cblas_v2, checked against the f2c'd reference BLAS in
    test/reference_blas): one program per routine's test file, each with the suite's main."""
    inc = [f"-I{root / d}" for d in ("ampcblas/inc", "ampblas/inc", "test/f2cblas_wrapper/include",
                                       "test/reference_blas/INCLUDE")]
    vcx = (root / "ampcblas/ampcblas.vcxproj").read_text(errors="replace")
    lib = [("ampcblas/" + m.replace("\\", "/")).replace("ampcblas/./", "ampcblas/")
           for m in re.findall(r'ClCompile Include="([^"]+)"', vcx)]
    lib = [str(Path(x).as_posix()).replace("ampcblas/../", "") for x in lib]
    pre = [Prebuilt("ampcblas", s, inc) for s in lib]
    pre += [Prebuilt("ampcblas", "test/f2cblas_wrapper/src/cblas_wrapper.cpp", inc)]
    pre += [Prebuilt("refblas", str(p.relative_to(root)), [f"-I{root / 'test/reference_blas/INCLUDE'}", "-w"],
                     cc="cc") for p in sorted((root / "test/reference_blas/SRC").glob("*.c"))]
    v2 = root / "test/cblas_v2"
    vcx2 = (v2 / "cblas_test_v2.vcxproj").read_text(errors="replace")
    srcs = re.findall(r'ClCompile Include="([^"]+)"', vcx2)
    common = [f"test/cblas_v2/{s}" for s in srcs if not s.endswith("_test.cpp") or s == "ampblas_test.cpp"]
    tests = []
    for s in srcs:
        if s.endswith("_test.cpp") and s != "ampblas_test.cpp":
            tests.append(Test(s[:-len("_test.cpp")], common + [f"test/cblas_v2/{s}"], cwd="test/cblas_v2",
                              flags=inc + [f"-I{v2}"], mode="run", objects=["ampcblas", "refblas"],
                              fail_re=r"(Runtime|Accuracy|Unknown) error with", timeout=1800))
    excluded = [(p.stem, "not in cblas_test_v2.vcxproj") for p in sorted(v2.glob("*.cpp"))
                if p.name not in srcs and p.name != "driver.cpp"]
    excluded.append(("test/blas, test/cblas", "older drivers superseded by test/cblas_v2"))
    return tests, excluded, pre


CORPORA = [
    Corpus("hcc-unit", "ROCm/hcc", "aaac0a59ecbc72870fd64bd81a201c9fe69731ec", ["tests/Unit"],
           "University of Illinois/NCSA Open Source License (LICENSE.TXT)", "hcc",
           "HCC's C++ AMP unit tests (tests/Unit, RUN with %cxxamp, not XFAIL)", hcc_unit),
    Corpus("bolt-hcc", "ROCm/hcc", "cbd53a5ea096a031774b1c10b8d32bfcf9f784af", ["Bolt"],
           "Apache-2.0 (Bolt/LICENSE.txt)", "hcc",
           "AMD Bolt's C++ AMP backend, HCC's Linux port (GoogleTest suites in test/amp)",
           lambda r: bolt_common(r, "Bolt", True)),
    Corpus("bolt", "HSA-Libraries/Bolt", "c53998c8d79d6129a80c8806bf56d058e93397e0", ["."],
           "Apache-2.0 (LICENSE.txt)", "msvc",
           "AMD Bolt's C++ AMP backend, the Visual C++ original (GoogleTest suites in test/amp)",
           lambda r: bolt_common(r, "", False)),
    Corpus("hcblas", "rocmarchive/hcBLAS", "ab4bb4b9c05a945cb04f8cef6b1f2acffad88fff", ["."],
           "none stated (no licence file or header)", "hcc",
           "MulticoreWare's hcBLAS: its 13 test programs with test/unit's inputs", hcblas),
    Corpus("hcsparse", "rocmarchive/HcSPARSE", "1b75a5589492d771d2f8ad144a7c613f5896998a", ["."],
           "none stated (no licence file or header)", "hcc",
           "MulticoreWare's hcSPARSE: its test programs (test/src/CMakeLists.txt)", hcsparse),
    Corpus("hcrng", "rocmarchive/hcRNG", "53ffdab8a07dfac3118334aeea30f2968088e8e1", ["."],
           "none stated; bundles Random123 (BSD-3-Clause, D. E. Shaw Research)", "hcc",
           "MulticoreWare's hcRNG: its 8 generator tests (host against device streams)", hcrng),
    Corpus("ampalgorithms", "dbremner/ampalgorithms", "3d34d9e372c1e7d0eb0ced752fda5673c2e8e813", ["."],
           "Apache-2.0 (each file's header: Copyright (c) Microsoft Corp.)", "msvc",
           "The C++ AMP Algorithms library (Ade Miller's CodePlex project; GoogleTest suite in test/)",
           ampalgorithms),
    Corpus("ampblas", "kjbartel/ampblas", "ac461cf8474951034e9d92c82ff98ca245991c07", ["."],
           "Apache-2.0 (each file's header; license.txt: third-party notices for Netlib BLAS)", "msvc",
           "C++ AMP BLAS (Microsoft's CodePlex project): test/cblas_v2 against the reference BLAS",
           ampblas),
]

# ---------------------------------------------------------------- running


# A run log read whole for its verdict: GoogleTest's summary precedes the list of failed
# cases, which for a suite such as Bolt's TransformTest fills megabytes.
RUN_LOG_CHARS = 30_000_000


def log_tail(path, n=4000):
    """The last n bytes of a log (a runaway program's log may hold gigabytes)."""
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - n))
            return f.read().decode(errors="replace")
    except OSError:
        return ""


def sh(cmd, cwd, log, timeout, env=None):
    """Runs CMD (a list or a shell string), appending its output to LOG; returns the status
    (124 on timeout)."""
    with open(log, "a") as out:
        out.write(f"$ {cmd if isinstance(cmd, str) else shlex.join(cmd)}\n")
        out.flush()
        try:
            p = subprocess.run(cmd, cwd=cwd, stdout=out, stderr=subprocess.STDOUT, timeout=timeout,
                               shell=isinstance(cmd, str), env=env, start_new_session=True, stdin=subprocess.DEVNULL,
                               executable="/bin/bash" if isinstance(cmd, str) else None)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            rc = 124
            out.write(f"\n[timed out after {timeout}s]\n")
        if rc < 0:
            rc = 128 - rc
        out.write(f"[exit {rc}]\n")
        return rc


class Runner:
    def __init__(self, a):
        self.a = a
        build = Path(a.build_dir or os.environ.get("AMPCL_BUILD_DIR", "build"))
        if not build.is_absolute():
            build = ROOT / build
        self.cxx = build / "translate/ampcl-c++"
        self.work = Path(a.work).resolve()  # programs run in their own folders
        self.nice = ["nice", "-n", "10"]
        self.env = dict(os.environ)
        if a.device:
            self.env["AMPCL_DEVICE"] = a.device
        self.msvc = []
        self.msvc_include = []
        self.msvc_transitive = []
        self.hcc_flags = []
        self.lock = threading.Lock()
        self.locks, self.built = {}, {}

    def probe(self):
        """What the dialects of this ampcl-c++ lack: Visual C++'s x64 macros and dialect folder
        (added by hand, see MSVC_ARCH), and whether it has --hcc."""
        d = Path(tempfile.mkdtemp(prefix="ampcl-probe-"))
        src = d / "p.cpp"
        kernel = ("#include <amp.h>\nint main() { int x[1] = {0};\n"
                  "  concurrency::array_view<int, 1> v(1, x);\n"
                  "  concurrency::parallel_for_each(v.extent, [=](concurrency::index<1> i)"
                  " restrict(amp) { v[i] += 1; });\n  v.synchronize(); return x[0] == 1 ? 0 : 1; }\n")
        notes = []

        def ok(text, flags, syntax_only=True):
            src.write_text(text)
            extra = ["-fsyntax-only"] if syntax_only else ["-o", str(d / "p")]
            p = subprocess.run([str(self.cxx), *flags, str(src), *extra], capture_output=True, text=True, cwd=d)
            return p.returncode == 0

        self.msvc = []
        if not ok("#if !defined(_M_X64) || !defined(_M_AMD64)\n#error no x64 macros\n#endif\n", []):
            self.msvc += MSVC_ARCH
            notes.append("ampcl-c++'s Visual C++ dialect does not define _M_X64/_M_AMD64: the harness passes them")
        self.msvc_include = []
        msvc = self.ampcl_include_dir() / "msvc"
        if msvc.is_dir() and not ok("#include <iterator>\nstdext::checked_array_iterator<int*> it;\n", []):
            self.msvc_include = ["-I", str(msvc)]
            notes.append("ampcl-c++ does not search its Visual C++ dialect folder (translate/include/msvc): "
                         "the harness adds it")
        self.msvc_transitive = []
        if not ok(TRANSITIVE_PROBE, self.msvc + self.msvc_include):
            self.msvc_transitive = list(MSVC_TRANSITIVE)
            notes.append("<amp.h> does not bring <windows.h>'s and <concrt.h>'s names: the harness "
                         "includes them first (-include windows.h -include concrt.h -DNOMINMAX)")
        if not ok(kernel, self.msvc, syntax_only=False):
            notes.append("ampcl-c++ does not build a plain C++ AMP program in its default dialect")
        help_text = subprocess.run([str(self.cxx), "--help"], capture_output=True, text=True).stdout
        if "--hcc" in help_text and ok(kernel, ["--hcc"], syntax_only=False):
            self.hcc_flags = ["--hcc"]
        else:
            notes.append("ampcl-c++ has no --hcc yet: the HCC corpora are built without")
        shutil.rmtree(d, ignore_errors=True)
        return notes

    def shims(self, corpus):
        """Visual C++ corpora see tools/validate_amp/compat's stand-ins for Windows headers last
        (-idirafter): a header that ampcl installs (a companion: <windows.h>, <tchar.h>,
        <ppl.h>, ...) is found first, and the report says which stand-ins are still in use."""
        if corpus.dialect != "msvc":
            return []
        # ampcl's Visual C++ dialect folder (stdext's checked iterators in msvc/iterator,
        # <Windows.h>) when ampcl-c++ does not search it itself (the probe says).
        return self.msvc_include + self.msvc_transitive + ["-idirafter", str(COMPAT)]

    def ampcl_label(self):
        """The ampcl source the compiler was built from: its COMMIT file or git HEAD."""
        src = self.ampcl_include_dir().parent.parent
        if (src / "COMMIT").exists():
            return (src / "COMMIT").read_text().strip()[:10]
        g = subprocess.run(["git", "-C", str(src), "rev-parse", "--short=10", "HEAD"], capture_output=True, text=True)
        return (g.stdout.strip() + " (+ uncommitted changes, if any)") if g.returncode == 0 else "unknown"

    def ampcl_include_dir(self):
        cache = self.cxx.parent.parent / "CMakeCache.txt"
        if cache.exists():
            m = re.search(r"^CMAKE_HOME_DIRECTORY:INTERNAL=(.*)$", cache.read_text(errors="replace"), re.M)
            if m:
                return Path(m.group(1)) / "translate/include"
        return self.cxx.parent.parent / "include"

    def shims_in_use(self):
        """The compat stand-ins ampcl's own include folder does not replace yet."""
        have = {p.name.lower() for p in self.ampcl_include_dir().glob("*.h")}
        return sorted(str(p.relative_to(COMPAT)) for p in COMPAT.rglob("*.h")
                      if str(p.relative_to(COMPAT)).lower() not in have)

    def dialect(self, corpus):
        return {"msvc": self.msvc, "hcc": self.hcc_flags}.get(corpus.dialect, [])

    def gitdir(self, repo):
        name = repo.replace("/", "+")
        for base in self.a.mirror:
            for cand in (Path(base) / name / "repo", Path(base) / (name + ".git"), Path(base) / name):
                if (cand / "HEAD").is_file() or (cand / ".git").is_dir():
                    return cand / ".git" if (cand / ".git").is_dir() else cand
        if self.a.offline:
            return None
        dest = Path(self.a.mirror[0]) / (name + ".git")
        subprocess.run(["git", "clone", "-q", "--bare", f"https://github.com/{repo}", str(dest)])
        return dest if (dest / "HEAD").is_file() else None

    def extract(self, corpus, dest):
        g = self.gitdir(corpus.repo)
        if not g:
            raise RuntimeError(f"no mirror of {corpus.repo} in {self.a.mirror}")
        if dest.exists():
            shutil.rmtree(dest)
        dest.mkdir(parents=True)
        paths = [] if corpus.paths == ["."] else corpus.paths
        arch = subprocess.run(["git", "--git-dir", str(g), "archive", corpus.commit, *paths],
                              capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=arch, check=True)

    # -- one test

    def build_cmd(self, corpus, t, root, sources, out, compile_only=False):
        cmd = self.nice + [str(self.cxx), "-O2", *self.dialect(corpus), *self.shims(corpus), *t.flags]
        cmd += [str(root / s) for s in sources]
        if compile_only:
            return cmd + ["-c", "-o", str(out)]
        return cmd + [*t.objects_paths, *t.link, "-o", str(out)]

    def build_program(self, corpus, t, root):
        """Builds T's program once for every test that shares it: (status, log, program)."""
        key = (corpus.id, t.program or t.name)
        with self.lock:
            lk = self.locks.setdefault(key, threading.Lock())
        with lk:
            if key not in self.built:
                pdir = self.work / corpus.id / "programs" / key[1].replace("/", "__").replace(" ", "_")
                pdir.mkdir(parents=True, exist_ok=True)
                blog = pdir / "build.log"
                blog.unlink(missing_ok=True)
                rc = sh(self.build_cmd(corpus, t, root, t.sources, pdir / "prog"), root / t.cwd, blog, 1800,
                        self.env)
                self.built[key] = (rc, blog, pdir / "prog")
            return self.built[key]

    def run_test(self, corpus, t, root, tdir, prebuilt_ok, old=None):
        tdir.mkdir(parents=True, exist_ok=True)
        blog, rlog = tdir / "build.log", tdir / "run.log"
        for p in (blog, rlog) if not self.a.run_only else (rlog,):
            p.unlink(missing_ok=True)
        res = {"name": t.name, "mode": t.mode, "built": False, "status": "", "detail": "",
               "build_log": str(blog), "run_log": str(rlog), "note": t.note}
        cwd = root / t.cwd
        if self.a.run_only:
            return self.run_built(corpus, t, cwd, rlog, res, old or {})
        missing = [o for o in t.objects if not prebuilt_ok.get(o)]
        if missing:
            # The test cannot be linked; its own sources are still checked (-fsyntax-only) so
            # that its log shows the causes beyond the library's (after the library's log).
            logs = [self.work / corpus.id / "_prebuilt" / f"{o}.log" for o in missing]
            blog.write_text("".join(log_tail(l, 10**7) for l in logs))
            if t.mode in ("run", "gtest"):
                cmd = self.build_cmd(corpus, t, root, t.sources, tdir / "prog", compile_only=True)
                cmd = [x for x in cmd[:-3]] + ["-fsyntax-only"]
                sh(cmd, cwd, blog, 1800, self.env)
            res.update(status="build", build_log=str(blog),
                       detail="library not built: " + first_error(logs[0]))
            return res
        t.objects_paths = [str(p) for o in t.objects
                           for p in sorted((self.work / corpus.id / "_prebuilt").glob(f"{o}.*.o"))]
        if t.mode == "lit":
            return self.run_lit(corpus, t, root, tdir, res)
        if t.mode in ("compile-fail", "link-fail"):
            rc = sh(self.build_cmd(corpus, t, root, t.sources, tdir / "prog"), cwd, blog, 1800, self.env)
        else:
            rc, blog, prog = self.build_program(corpus, t, root)
            res["build_log"] = str(blog)
        if t.mode == "compile-fail":
            res["built"] = rc == 0
            text = log_tail(blog, 200000)
            src = Path(t.sources[0]).name
            at = re.search(rf"{re.escape(src)}:{t.expect_line}:\d+: error", text)
            if rc != 0 and at:
                res["status"] = "pass"
            elif rc != 0:
                res.update(status="fail", detail=f"rejected, but not at line {t.expect_line}: " + first_error(blog))
            else:
                res.update(status="fail", detail="accepted; HCC rejects it at line %d" % t.expect_line)
            return res
        if t.mode == "link-fail":
            text = log_tail(blog, 200000)
            res["built"] = rc == 0
            # HCC's test wants the link to fail; C++ AMP rejects the code, so a compile error
            # (the better diagnosis) passes too.
            if rc != 0 and ("undefined reference" in text or " error:" in text):
                res["status"] = "pass"
            else:
                res.update(status="fail", detail="built; HCC's test expects the build to fail (an undefined reference)")
            return res
        if rc != 0:
            res.update(status="build", detail=first_error(blog))
            return res
        res["built"] = True
        if t.mode == "compile" or self.a.no_run:
            res["status"] = "pass" if t.mode == "compile" else "built"
            return res
        rc = sh([str(prog), *t.args, *gtest_xml_args(t.mode, rlog)], cwd, rlog, t.timeout, self.env)
        return run_result(res, rc, log_tail(rlog, RUN_LOG_CHARS), t.mode, t.fail_re, gtest_xml(rlog))

    def run_built(self, corpus, t, cwd, rlog, res, old):
        """--run-only: runs the program an earlier run built in the same work folder (where
        build_program put it), or keeps that run's verdict when it built none."""
        if t.mode not in ("run", "gtest"):
            res.update(status="not run", detail=f"--run-only: a {t.mode} test builds as it runs")
            return res
        pdir = self.work / corpus.id / "programs" / (t.program or t.name).replace("/", "__").replace(" ", "_")
        prog = pdir / "prog"
        if (pdir / "build.log").exists():
            res["build_log"] = str(pdir / "build.log")
        if old.get("status") == "build" or not prog.exists():
            res.update(status="build", detail=old.get("detail") or "--run-only: no program built by an earlier run")
            return res
        res["built"] = True
        rc = sh([str(prog), *t.args, *gtest_xml_args(t.mode, rlog)], cwd, rlog, t.timeout, self.env)
        return run_result(res, rc, log_tail(rlog, RUN_LOG_CHARS), t.mode, t.fail_re, gtest_xml(rlog))

    def run_lit(self, corpus, t, root, tdir, res):
        """HCC's RUN lines, %cxxamp standing for ampcl-c++."""
        src = root / t.sources[0]
        tmp = tdir / "t"
        cxx = " ".join(shlex.quote(x) for x in self.nice + [str(self.cxx), "-O2", *self.dialect(corpus), *self.shims(corpus), *t.flags])
        subs = {"%cxxamp": cxx, "%s": shlex.quote(str(src)), "%t": shlex.quote(str(tmp))}
        for stage, cmd in t.lit:
            c = re.sub(r"%cxxamp|%s|%t", lambda m: subs[m.group(0)], cmd)
            log = tdir / ("build.log" if stage == "build" else "run.log")
            rc = sh(c, tdir, log, 1800 if stage == "build" else t.timeout, self.env)
            if rc != 0:
                if stage == "build":
                    res.update(status="build", detail=first_error(log))
                else:
                    res["built"] = True
                    res.update(status="run", detail=run_verdict(rc, log_tail(log)))
                return res
        res["built"] = True
        res["status"] = "pass" if not self.a.no_run or all(s == "build" for s, _ in t.lit) else "built"
        return res


def gtest_xml(rlog):
    """Where a GoogleTest program's XML report goes: beside its run log."""
    return Path(rlog).with_name("gtest.xml")


def gtest_xml_args(mode, rlog):
    if mode != "gtest":
        return []
    gtest_xml(rlog).unlink(missing_ok=True)
    return [f"--gtest_output=xml:{gtest_xml(rlog)}"]


def gtest_xml_summary(xml):
    """The lines GoogleTest prints at the end of a run, made from its XML report: for a
    program whose stdout lost them (C++ AMP Algorithms' main writes to wcout first, which makes
    stdout wide-oriented, and glibc then drops GoogleTest's printf). The report holds the last
    RUN_ALL_TESTS of the process only."""
    try:
        root = ET.parse(xml).getroot()
    except (OSError, ET.ParseError):
        return ""
    failed = [f"{c.get('classname')}.{c.get('name')}" for c in root.iter("testcase")
              if c.find("failure") is not None]
    ran = [c for c in root.iter("testcase") if c.get("status", "run") == "run"
           and c.get("result", "completed") == "completed"]
    lines = [f"[  PASSED  ] {len(ran) - len(failed)} tests."]
    if failed:
        lines.append(f"[  FAILED  ] {len(failed)} tests, listed below:")
        lines += [f"[  FAILED  ] {c}" for c in failed]
    return "\n".join(lines)


def run_result(res, rc, text, mode, fail_re, xml=None):
    """Sets RES's status (pass or run), detail and GoogleTest case counts from a run's exit
    status RC and output TEXT (and, where TEXT has no GoogleTest summary, its XML report);
    used again by --report-only on the logs of earlier runs."""
    if mode == "gtest":
        if xml and not re.search(r"^\[  PASSED  \] \d+ test", text, re.M):
            summary = gtest_xml_summary(xml)
            if summary:
                res["cases_from_xml"] = True
                text = text + "\n" + summary + "\n"
        # A program may call RUN_ALL_TESTS more than once (Bolt's TransformTest: once per
        # run mode): each run's summary counts.
        p = re.findall(r"^\[  PASSED  \] (\d+) test", text, re.M)
        f = re.findall(r"^\[  FAILED  \] (\d+) tests?, listed below", text, re.M)
        res["cases_passed"] = sum(int(n) for n in p)
        res["cases_failed"] = sum(int(n) for n in f)
        failed = sorted(set(c for c in re.findall(r"^\[  FAILED  \] (\S+)", text, re.M) if "." in c))
        # GoogleTest 1.10 and later add a failing 'GoogleTestVerification' case for every
        # TEST_P suite no INSTANTIATE_TEST_SUITE_P instantiates (suites written for the
        # GoogleTest of their day have such leftovers): GoogleTest's check, not the program's
        # result, so it is not counted (and alone does not fail the test).
        verification = [c for c in failed if c.startswith("GoogleTestVerification.")]
        res["failed_cases"] = [c for c in failed if c not in verification][:300]
        runs_of_verification = len(re.findall(r"^\[  FAILED  \] GoogleTestVerification\.\S+ \(\d+ ms\)",
                                              text, re.M))
        res["cases_failed"] = max(0, res["cases_failed"] - runs_of_verification)
        res["gtest_verification"] = len(verification)
        if rc == 1 and p and verification and not res["cases_failed"]:
            rc = 0
        text = "\n".join(l for l in text.splitlines() if "GoogleTestVerification" not in l)
    bad = re.search(fail_re, text, re.M) if fail_re else None
    if rc == 0 and not res.get("cases_failed") and not bad:
        res["status"] = "pass"
        res["detail"] = ""
    else:
        res["status"] = "run"
        res["detail"] = run_verdict(rc, text) if not (rc == 0 and bad) else "exit 0: " + bad.group(0)
    return res


def first_error(log):
    for line in log_tail(log, 400000).splitlines():
        if re.search(r"\berror\b|Segmentation|Assertion|undefined reference|Stack dump", line):
            return re.sub(r"^/\S*/", "", line.strip())[:300]
    return "failed (no error line)"


def run_verdict(rc, text):
    if rc == 124:
        return "timed out"
    if rc > 128:
        sig = rc - 128
        names = {6: "SIGABRT", 11: "SIGSEGV", 8: "SIGFPE", 9: "SIGKILL", 4: "SIGILL", 7: "SIGBUS"}
        return f"crashed ({names.get(sig, sig)})"
    lines = [l for l in text.splitlines() if re.search(r"FAIL|[Ee]rror|exception|what\(\)", l)]
    return f"exit {rc}" + (": " + lines[0].strip()[:200] if lines else "")


# ---------------------------------------------------------------- causes


@dataclass
class Cause:
    id: str
    group: str
    stage: str  # build | run | any
    pattern: str
    repro: str
    summary: str
    corpora: str = ""  # the corpora the cause applies to (comma-separated); empty: all


GROUPS = {
    "front-end": "ampcl front end",
    "runtime": "ampcl runtime",
    "headers": "ampcl headers (C++ AMP API)",
    "companion": "companion header missing",
    "hcc-only": "HCC-only leniency",
    "own-bug": "the program's own bug",
    "direct3d": "needs Direct3D",
    "not-amp": "not C++ AMP (Windows-only API, HCC's own extensions; no shim)",
}
AMPCL_GROUPS = {"front-end", "runtime", "headers", "companion", "hcc-only"}


def load_causes():
    causes = []
    for n, line in enumerate((HERE / "causes.tsv").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) not in (6, 7):
            raise SystemExit(f"causes.tsv:{n}: {len(f)} fields, expected 6 (or 7: the corpora)")
        if f[1] not in GROUPS:
            raise SystemExit(f"causes.tsv:{n}: unknown group {f[1]}")
        causes.append(Cause(*f))
    return causes


def load_assign():
    out = []
    for n, line in enumerate((HERE / "assign.tsv").read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) != 4:
            raise SystemExit(f"assign.tsv:{n}: {len(f)} fields, expected 4")
        out.append(tuple(f))  # corpus, test glob, cause, evidence
    return out


def failed_case_outputs(text):
    """Each failed GoogleTest case's own output, [(case, the lines between its RUN and FAILED)]
    (a program may run its cases more than once), and whether a case never ended (a crash)."""
    out, name, lines = [], None, []
    for line in text.splitlines():
        m = re.match(r"\[ RUN +\] (\S+)", line)
        if m:
            name, lines = m.group(1), []
            continue
        m = re.match(r"\[ +(FAILED|OK) +\] ([^\s,]+)", line)
        if m and name and m.group(2) == name:
            if m.group(1) == "FAILED":
                out.append((name, "\n".join(lines)))
            name = None
            continue
        if name:
            lines.append(line)
    return out, name is not None


def case_causes(corpus_id, res, text, causes):
    """The causes of each failed GoogleTest case (a 'case' or 'run' cause's pattern searched in
    the case's own output), as [(cause id, cases)], and the number of failed cases none explains."""
    if res.get("mode") != "gtest" or not res.get("cases_failed"):
        return [], 0
    outputs, unfinished = failed_case_outputs(text)
    counts, unexplained = {}, int(unfinished)
    for case, out in outputs:
        if case.startswith("GoogleTestVerification."):
            continue
        hit = next((c.id for c in causes if c.stage in ("case", "run") and c.pattern
                    and (not c.corpora or corpus_id in c.corpora.split(","))
                    and re.search(c.pattern, out, re.M)), None)
        if hit:
            counts[hit] = counts.get(hit, 0) + 1
        else:
            unexplained += 1
    # ampcl's causes first, then the programs' own bugs, then the rest; most cases first.
    group = {c.id: c.group for c in causes}
    rank = lambda cid: 0 if group.get(cid) in AMPCL_GROUPS else 1 if group.get(cid) == "own-bug" else 2
    return sorted(counts.items(), key=lambda kv: (rank(kv[0]), -kv[1])), unexplained


def classify(corpus_id, res, logs, causes, assign):
    """The causes of a failed test: [cause ids], the first the one the table counts."""
    stage = "build" if res["status"] in ("build",) or res["mode"] in ("compile-fail", "link-fail") else "run"
    found = []
    per_case, unexplained = case_causes(corpus_id, res, logs.get("run", ""), causes) if stage == "run" else ([], 0)
    res["case_causes"] = dict(per_case)
    if per_case and not unexplained:
        # Every failed case has a cause of its own: those are the test's.
        return [cid for cid, _ in per_case]
    stages = {c.id: c.stage for c in causes}
    for c, glob, cid, _ in assign:
        if c == corpus_id and fnmatch.fnmatch(res["name"], glob):
            for cc in cid.split(","):
                # An assignment names the cause of a failure at its cause's stage only
                # (a GoogleTest case's cause is a run's).
                at = stages.get(cc, "any")
                if cc not in found and (at in (stage, "any") or (at, stage) == ("case", "run")):
                    found.append(cc)
    text = logs.get(stage, "")
    # The order of the first line each cause matches decides the primary one.
    hits = []
    for c in causes:
        if c.stage not in (stage, "any") or not c.pattern:
            continue
        if c.corpora and corpus_id not in c.corpora.split(","):
            continue
        m = re.search(c.pattern, text, re.M)
        if m:
            hits.append((m.start(), c.id))
    hits.sort()
    # assign.tsv's causes first (they name the first cause), then those the log shows, then
    # those of some failed cases (not all: the rest have another cause, or none known).
    # Failed cases no cause explains come first when no assignment names the test: a pattern
    # that matched other cases does not explain them.
    explained_by_assignment = bool(found)
    found += [cid for _, cid in hits if cid not in found]
    found += [cid for cid, _ in per_case if cid not in found]
    if unexplained and not explained_by_assignment:
        found.insert(0, "unclassified")
    return found or ["unclassified"]


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(prog="validate_libraries.sh", description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", default="", help="corpora, comma-separated (default: all)")
    ap.add_argument("--tests", default="", help="a regex: only the tests whose name matches")
    ap.add_argument("--jobs", "-j", type=int, default=2)
    ap.add_argument("--device", default="", help="AMPCL_DEVICE for the runs (e.g. nvidia)")
    ap.add_argument("--build-dir", default="", help="ampcl's build tree (default $AMPCL_BUILD_DIR or build)")
    ap.add_argument("--work", default=os.environ.get("AMPCL_VALIDATION_WORK", "/tmp/ampcl-validate-libs"))
    ap.add_argument("--mirror", action="append",
                    default=[p for p in os.environ.get("AMPCL_VALIDATION_MIRROR", "").split(":") if p])
    ap.add_argument("--offline", action="store_true")
    ap.add_argument("--no-run", action="store_true", help="build only")
    ap.add_argument("--run-only", action="store_true",
                    help="run the programs an earlier run built in the work folder (e.g. on another machine): "
                    "build, probe and extract nothing; tests that build as they run are not run")
    ap.add_argument("--report-only", action="store_true",
                    help="classify the results already in the work folder again (after editing causes.tsv)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--causes-out", default="", help="also write the corpora, table, causes and substitutions (Markdown) here")
    ap.add_argument("--doc", default="", help="replace the generated part of this Markdown file (between "
                    "'<!-- validate_libraries: begin -->' and '<!-- validate_libraries: end -->') with the same")
    a = ap.parse_args()
    if not a.mirror:
        a.mirror = ["/work/.mirror", str(Path.home() / ".cache/ampcl-validation")]
    only = [x for x in a.only.split(",") if x]
    byid = {c.id: c for c in CORPORA}
    unknown = [x for x in only if x not in byid]
    if unknown:
        print("validate_libraries: no corpus " + ", ".join(unknown) + " (--list)", file=sys.stderr)
        return 2
    corpora = [byid[x] for x in only] if only else list(CORPORA)  # in the order given
    if a.list:
        for c in CORPORA:
            print(f"{c.id}\t{c.repo}@{c.commit[:10]}\t{c.describe}")
        return 0
    r = Runner(a)
    if not r.cxx.exists() and not a.report_only and not a.run_only:
        print(f"validate_libraries: no ampcl-c++ at {r.cxx} (set AMPCL_BUILD_DIR)", file=sys.stderr)
        return 2
    notes = [] if a.report_only or a.run_only else r.probe()
    causes, assign = load_causes(), load_assign()
    all_results = {}
    # Debian packages some corpora need beside ampcl's own (scripts/setup.sh has libgtest-dev).
    needs = {"bolt": (["/usr/include/boost/shared_array.hpp"], "libboost-dev"),
             "bolt-hcc": (["/usr/include/boost/shared_array.hpp"], "libboost-dev"),
             "hcblas": (["/usr/include/x86_64-linux-gnu/cblas.h", "/usr/include/cblas.h"], "libblas-dev")}
    for corpus in corpora:
        need = needs.get(corpus.id)
        if need and not a.report_only and not a.run_only and not any(Path(x).exists() for x in need[0]):
            print(f"validate_libraries: {corpus.id} needs Debian's {need[1]} (apt-get install {need[1]}); skipped",
                  file=sys.stderr)
            continue
        cdir = r.work / corpus.id
        root = cdir / "src"
        resfile = cdir / "results.json"
        if a.report_only:
            if resfile.exists():
                all_results[corpus.id] = json.loads(resfile.read_text())
                # The verdicts of GoogleTest programs are read again from their logs (the
                # rules above may have changed since the run).
                for x in all_results[corpus.id]["results"]:
                    if x.get("mode") == "gtest" and x.get("built") and x["status"] in ("pass", "run"):
                        text = log_tail(x.get("run_log", ""), RUN_LOG_CHARS)
                        m = re.findall(r"^\[exit (\d+)\]$", text, re.M)
                        if m:
                            run_result(x, int(m[-1]), text, "gtest", "", gtest_xml(x["run_log"]))
            continue
        t0 = time.time()
        # --run-only: the earlier run's results say how its programs were built.
        old = json.loads(resfile.read_text()) if a.run_only and resfile.exists() else {}
        if a.run_only and root.exists():
            stale = old.get("stale_substitutions", [])
        else:
            r.extract(corpus, root)  # (a partial run's other tests keep their logs under tests/)
            with open(cdir / "substitutions.log", "w") as slog:
                stale = substitute.apply(root, corpus.id, log=slog)
        tests, excluded, prebuilt = corpus.enumerate(root)
        shims = old.get("shims", [])
        if r.shims(corpus) and not a.run_only:
            texts = "\n".join(p.read_text(errors="replace") for p in root.rglob("*")
                              if p.is_file() and p.suffix.lower() in (".h", ".hpp", ".inl", ".cpp"))
            shims = [h for h in r.shims_in_use() + ["xutility"]
                     if re.search(r'#\s*include\s*[<"]' + re.escape(h) + r'[>"]', texts)]
        if a.tests:
            tests = [t for t in tests if re.search(a.tests, t.name)]
        pdir = cdir / "_prebuilt"
        pdir.mkdir(parents=True, exist_ok=True)
        prebuilt_ok, prejobs = {}, []
        for f in pdir.glob("*") if not a.run_only else []:
            f.unlink()
        for i, p in enumerate(prebuilt if not a.run_only else []):
            obj = pdir / f"{p.name}.{i}.o"
            if p.cc:
                cmd = r.nice + [p.cc, "-O2", *p.flags, "-c", str(root / p.source), "-o", str(obj)]
            else:
                cmd = r.nice + [str(r.cxx), "-O2", *r.dialect(corpus), *r.shims(corpus), *p.flags, "-c", str(root / p.source),
                                "-o", str(obj)]
            prejobs.append((p.name, cmd, root / p.cwd, pdir / f"{p.name}.log"))
        with futures.ThreadPoolExecutor(a.jobs) as ex:
            for name, rc in ex.map(lambda j: (j[0], sh(j[1], j[2], j[3], 1800, r.env)), prejobs):
                prebuilt_ok[name] = prebuilt_ok.get(name, True) and rc == 0
        print(f"[{corpus.id}] {len(tests)} tests, {len(excluded)} excluded; "
              f"{'running the programs built earlier' if a.run_only else 'building'} with {a.jobs} jobs",
              file=sys.stderr, flush=True)
        results = []
        before = {x["name"]: x for x in old.get("results", [])}
        with futures.ThreadPoolExecutor(a.jobs) as ex:
            jobs = {ex.submit(r.run_test, corpus, t, root, cdir / "tests" / t.name.replace("/", "__"),
                              prebuilt_ok, before.get(t.name)): t for t in tests}
            for fu in futures.as_completed(jobs):
                t = jobs[fu]
                try:
                    res = fu.result()
                except Exception as e:  # a harness error is a result too, never a silent skip
                    traceback.print_exc()
                    res = {"name": t.name, "mode": t.mode, "built": False, "status": "build",
                           "detail": f"harness error: {e}"}
                res["dir"] = str(cdir / "tests" / t.name.replace("/", "__"))
                results.append(res)
                print(f"  {res['status']:5} {t.name} {res.get('detail', '')[:120]}", file=sys.stderr, flush=True)
        if a.tests and resfile.exists():
            # A partial run (--tests) replaces those tests' results and keeps the others'.
            old = json.loads(resfile.read_text())
            mine = {x["name"] for x in results}
            results += [x for x in old["results"] if x["name"] not in mine]
        all_results[corpus.id] = {"results": sorted(results, key=lambda x: x["name"]),
                                  "excluded": excluded, "stale_substitutions": stale,
                                  "notes": notes, "shims": shims, "seconds": round(time.time() - t0),
                                  "msvc_flags": list(r.msvc) + (["msvc-include"] if r.msvc_include else [])
                                  + (["transitive-include"] if r.msvc_transitive else []),
                                  "date": time.strftime("%Y-%m-%d %H:%M"), "ampcl": old.get("ampcl") or r.ampcl_label(),
                                  "device": a.device or "default OpenCL device"}
        if a.tests and old:
            # The corpus's run keeps its date and ampcl; the tests run again say their own.
            rerun = f"{', '.join(sorted(mine))} {time.strftime('%Y-%m-%d %H:%M')}, ampcl {r.ampcl_label()}"
            all_results[corpus.id].update({"date": old.get("date", "?"), "ampcl": old.get("ampcl", "?"),
                                           "reruns": old.get("reruns", []) + [rerun]})
        if a.run_only:  # built by the earlier run: its flags and notes
            all_results[corpus.id].update({k: old[k] for k in ("notes", "msvc_flags", "msvc_dropped")
                                           if k in old})
            all_results[corpus.id]["run_only"] = old.get("date", "?")
        resfile.write_text(json.dumps(all_results[corpus.id], indent=1))
    report(corpora, all_results, causes, assign, a)
    return 0


def report(corpora, all_results, causes, assign, a):
    byid = {c.id: c for c in causes}
    table = ["| corpus | tests | built (negative tests: rejected) | passed | failed (own bug) | failed (ampcl) "
             "| failed (not C++ AMP, Direct3D) | notes |",
             "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    cause_tests = {}
    for corpus in corpora:
        data = all_results.get(corpus.id)
        if not data:
            continue
        rs = data["results"]
        n = len(rs)
        # A negative test "builds" when it is rejected as it should be.
        built = sum(1 for x in rs if (x["built"] and x["mode"] not in ("compile-fail", "link-fail"))
                    or (x["mode"] in ("compile-fail", "link-fail") and x["status"] == "pass")
                    or (x["mode"] not in ("compile-fail", "link-fail") and x["status"] in ("run", "pass", "built")))
        passed = sum(1 for x in rs if x["status"] == "pass")
        own = amp = other = 0
        groups = {}
        for x in rs:
            if x["status"] in ("pass", "built", "not run"):
                continue
            logs = {"build": log_tail(x.get("build_log", ""), RUN_LOG_CHARS), "run": log_tail(x.get("run_log", ""), RUN_LOG_CHARS)}
            # A later run that was stopped may have reset the log: then the first error recorded
            # with the result stands for it.
            det = x.get("detail", "")
            if det and not det.startswith("library not built") and x["status"] == "build" \
                    and det.split(": error: ")[-1][:40] not in logs["build"]:
                logs["build"] = det + "\n" + logs["build"]
            ids = classify(corpus.id, x, logs, causes, assign)
            x["causes"] = ids
            for i, cid in enumerate(ids):
                cause_tests.setdefault(cid, []).append((corpus.id, x["name"], i == 0, x.get("detail", "")))
            g = byid[ids[0]].group if ids[0] in byid else "unclassified"
            groups[g] = groups.get(g, 0) + 1
            if g == "own-bug":
                own += 1
            elif g in AMPCL_GROUPS:
                amp += 1
            else:
                other += 1
        cases = [(x.get("cases_passed", 0), x.get("cases_failed", 0)) for x in rs if x["mode"] == "gtest"]
        notes = []
        if cases:
            notes.append("GoogleTest cases: %d passed, %d failed" % (sum(p for p, _ in cases), sum(f for _, f in cases)))
        if groups:
            notes.append("first cause: " + ", ".join(f"{GROUPS.get(g, g)} {k}" for g, k in sorted(groups.items(), key=lambda kv: -kv[1])))
        if data["excluded"]:
            why = {}
            for _, w in data["excluded"]:
                why[w] = why.get(w, 0) + 1
            notes.append(f"{len(data['excluded'])} not counted (" + "; ".join(f"{w}: {k}" for w, k in why.items()) + ")")
        if data.get("stale_substitutions"):
            notes.append(f"{len(data['stale_substitutions'])} substitutions matched nothing")
        not_run = sum(1 for x in rs if x["status"] == "not run")
        if not_run:
            notes.append(f"{not_run} not run (--run-only: they build as they run)")
        table.append(f"| {corpus.id} ({corpus.repo}@{corpus.commit[:7]}) | {n} | {built} | {passed} | {own} | {amp} | {other} | "
                     + ("; ".join(notes)).replace("|", "\\|") + " |")
    # Causes worked around by a substitution (its reason names "(cause ID)"): every test of the
    # corpus would fail without it.
    worked_around = {}
    for corpus in corpora:
        if corpus.id not in all_results:
            continue
        for n, glob, old, new, reason in substitute.rows(substitute.TABLE, corpus.id):
            m = re.search(r"\(cause ([\w-]+)\)", reason)
            if m:
                worked_around.setdefault(m.group(1), set()).add(corpus.id)
        if corpus.dialect == "msvc":
            for f in all_results[corpus.id].get("msvc_flags", []):
                if f in FLAG_CAUSE:
                    worked_around.setdefault(FLAG_CAUSE[f], set()).add(corpus.id)
        for h in all_results[corpus.id].get("shims", []):
            if h in SHIM_CAUSE:
                worked_around.setdefault(SHIM_CAUSE[h], set()).add(corpus.id)
    print("\n".join(table))
    lines = ["", "## Causes", "",
             "A failed test counts once, under its first cause (the first error in its log, or assign.tsv);",
             "'also' counts every test whose log shows the cause. 'worked around for' names the corpora",
             "where a substitution, a flag or a compat/ stand-in keeps the cause from stopping every test."]
    for cid, cs in worked_around.items():
        for co in sorted(cs):
            cause_tests.setdefault(cid, []).append(
                (co, "the whole corpus (worked around by a substitution, a flag or a compat/ stand-in)", False, ""))
    order = sorted(cause_tests, key=lambda cid: (list(GROUPS).index(byid[cid].group) if cid in byid else 99,
                                                 -sum(1 for *_, f, _ in cause_tests[cid] if f)))
    evidence = {}
    for co, glob, cid, ev in assign:
        if co not in all_results:
            continue
        for cc in cid.split(","):
            evidence.setdefault(cc, []).append(f"{co}:{glob}: {ev}")
    group = None
    for cid in order:
        c = byid.get(cid)
        g = c.group if c else "unclassified"
        if g != group:
            group = g
            lines += ["", f"### {GROUPS.get(g, g)}", "",
                      "| cause | tests (first) | tests (also) | worked around for | repro | what |",
                      "| --- | --- | --- | --- | --- | --- |"]
        whole = [co for co, nm, _, _ in cause_tests[cid] if nm.startswith("the whole corpus")]
        first = sum(1 for *_, f, _ in cause_tests[cid] if f)
        also = len(cause_tests[cid]) - len(whole)
        lines.append(f"| {cid} | {first} | {also} | {', '.join(whole)} | {c.repro if c else ''} | "
                     f"{(c.summary if c else 'no cause matched: see the logs').replace('|', '/')} |")
    lines += ["", "### Tests per cause", ""]
    for cid in order:
        lines.append(f"- **{cid}**: " + ", ".join(f"{co}:{nm}{'' if f else ' (also)'}" for co, nm, f, _ in cause_tests[cid]))
        for ev in evidence.get(cid, []):
            lines.append(f"  - evidence: {ev}")
    unc = cause_tests.get("unclassified", [])
    if unc:
        lines.append("")
        lines.append("### Unclassified (first error)")
        for co, nm, _, det in unc:
            lines.append(f"- {co}:{nm}: {det}")
    print("\n".join(lines))
    if a.doc and not a.causes_out:
        # --doc is made from the same Markdown: written beside the work folder when not asked for.
        a.causes_out = str(Path(a.work).resolve() / "causes.md")
    if a.causes_out:
        corp = ["| corpus | repository @ commit | licence | what |", "| --- | --- | --- | --- |"]
        for c in corpora:
            corp.append(f"| {c.id} | {c.repo} @ {c.commit[:10]} | {c.licence} | {c.describe} |")
        subs = ["| corpus | file | from | to | reason |", "| --- | --- | --- | --- | --- |"]
        ids = {c.id for c in corpora}
        for n, line in enumerate(substitute.TABLE.read_text().splitlines(), 1):
            f = line.split("\t")
            if line.startswith("#") or len(f) != 5 or f[0] not in ids:
                continue
            cellq = lambda x: "`" + x.replace("|", "\\|").replace("`", "'") + "`"
            subs.append(f"| {f[0]} | {f[1]} | {cellq(f[2][:70])} | {cellq(f[3][:70])} | {f[4]} |")
        def flags_note(c):
            d = all_results[c.id]
            if c.dialect == "msvc":
                if "msvc_dropped" in d:  # runs before the dialect was ampcl-c++'s default
                    return "Visual C++ flags by hand" + (", without " + " ".join(d["msvc_dropped"])
                                                         if d["msvc_dropped"] else "")
                names = {"-D_M_X64=100": "-D_M_X64 -D_M_AMD64", "msvc-include": "-I translate/include/msvc",
                         "transitive-include": "-include windows.h -include concrt.h -DNOMINMAX"}
                added = [names[f] for f in d.get("msvc_flags", []) if f in names]
                return "default dialect" + (" + " + ", ".join(added) if added else "")
            if c.dialect == "hcc":
                return "without --hcc" if any("no --hcc" in n for n in d.get("notes", [])) else "with --hcc"
            return ""
        def device_note(d):
            dev = d.get("device", "?")
            if "run_only" not in d:
                return dev
            on = "the default OpenCL device" if dev == "default OpenCL device" else f"AMPCL_DEVICE={dev}"
            return f"run only (--run-only) on {on}, programs built {d['run_only']}"
        runs = ["", "Runs: " + "; ".join(f"{c.id} {all_results[c.id].get('date', '?')}, ampcl "
                                        f"{all_results[c.id].get('ampcl', '?')}, {flags_note(c)}, "
                                        f"{device_note(all_results[c.id])}"
                                        + "".join(f" (run again: {x})" for x in all_results[c.id].get("reruns", []))
                                        for c in corpora if c.id in all_results)]
        per = []
        for c in corpora:
            rs = all_results.get(c.id, {}).get("results", [])
            if any(x.get("note") for x in rs):
                per += ["", f"#### {c.id}, suite by suite", "", "| suite | what its authors said | here | first cause |",
                        "| --- | --- | --- | --- |"]
                for x in rs:
                    here = {"pass": "passed", "run": "failed: " + x.get("detail", ""), "build": "not built"}.get(
                        x["status"], x["status"])
                    if x.get("mode") == "gtest" and x.get("built"):
                        here += f" ({x.get('cases_passed', 0)} cases passed, {x.get('cases_failed', 0)} failed)"
                    per.append(f"| {x['name']} | {x.get('note', '')} | {here.replace('|', '/')} | "
                               f"{(x.get('causes') or [''])[0]} |")
        out = ["### Corpora", ""] + corp + ["", "### Result", ""] + table + runs + per + lines + \
              ["", "### Host-only substitutions (tools/validate_amp/substitutions.tsv)", ""] + subs
        Path(a.causes_out).write_text("\n".join(out) + "\n")
    if a.doc:
        doc = Path(a.doc).read_text()
        b, e = "<!-- validate_libraries: begin -->", "<!-- validate_libraries: end -->"
        if b in doc and e in doc:
            gen = Path(a.causes_out).read_text()
            doc = doc[:doc.index(b) + len(b)] + "\n" + gen + doc[doc.index(e):]
            Path(a.doc).write_text(doc)
        else:
            print(f"validate_libraries: {a.doc} has no generated part to replace", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
