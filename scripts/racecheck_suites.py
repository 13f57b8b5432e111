#!/usr/bin/env python3
"""Runs ampcl-racecheck over two public test suites nobody here wrote, and counts
what it finds, misses and falsely reports (slow: not part of scripts/test.sh).

  scripts/racecheck_suites.py --oclgrind DIR --gpuverify DIR [options]

Oclgrind (github:jrprice/Oclgrind, BSD): every tests/kernels/**/*.sim runs as it
is. Its .ref file names the errors Oclgrind reports; those ampcl checks for
(data races, work-group divergence, out-of-bounds accesses, and uninitialized
reads of __local memory or of `noinit` __global buffers) are the expected
findings. Uninitialized private values, alignment, read-only/write-only buffer
misuse and invalid wait events are outside ampcl's scope and listed as such.

GPUVerify (github:mc-imperial/gpuverify, Ms-PL): the kernels of
testsuite/OpenCL marked `//pass` (verified race- and divergence-free) run on
concrete inputs made up here: GPUVerify's specification functions are
stubbed (`__requires`/`__assume` become an early return when false, the rest
no-ops), buffers get 8 elements per work-item (at least 4096), scalars 4, and
launches are scaled to at most 256 work-items per tile and 4 tiles per
dimension. Kernels that need symbolic values (`__other_int`, `__uniform_int`,
...), structs by value, images, warp-synchronous execution or partial checks
(`--only-intra-group`, ...) are skipped with the reason. Every report on
these kernels is counted as false except uninitialized __local reads, which
are real (GPUVerify does not look for them) and are counted apart.

A run whose launch fails is run again without the checker (--run-sim); when
that fails too, the kernel or launch file is the cause and the run is counted
"not runnable", apart from the checker's own errors. --jobs N runs N at a time;
--filter REGEX keeps the tests whose name matches. Bound the wall time with
--timeout (seconds per run) and AMPCL_RACECHECK_TIMEOUT_S (the checker's
watchdog, below --timeout so that a hang is reported as not checked);
docs/racecheck_suites.md has the last results and the commands.

The suites stay outside this repository: give their checkouts (git clone
https://github.com/jrprice/Oclgrind; git clone
https://github.com/mc-imperial/gpuverify). Results: a table on standard
output, and every run's JSON report under --out.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ampcl's report kinds, by the category the suites' verdicts use.
CATEGORY = {
    "read-after-write": "race", "write-after-read": "race", "write-after-write": "race",
    "fence-mismatch": "race", "inter-tile-race": "race",
    "barrier-divergence": "divergence",
    "out-of-bounds": "out-of-bounds", "subscript-out-of-range": "out-of-bounds",
    "uninitialized-read": "uninitialized",
}

# Oclgrind's error lines, by category; None: outside what ampcl checks.
OCLGRIND_ERRORS = [
    (r"data race", "race"),
    (r"[Dd]ivergence", "divergence"),
    (r"Invalid (read|write) of size|exceeds static array size", "out-of-bounds"),
    (r"Uninitialized value", "uninitialized"),
]
# "Uninitialized value" is in scope only where the memory is __local or a noinit
# __global buffer; elsewhere in the suite it is a private value (or the
# consequence of an out-of-bounds read), which ampcl does not track.
OCLGRIND_UNINIT_IN_SCOPE = {
    "uninitialized/uninitialized_local_array", "uninitialized/uninitialized_local_ptr",
    "uninitialized/uninitialized_local_variable", "uninitialized/uninitialized_global_buffer",
}


ALLOW_UNCHECKED = []  # ["--allow-unchecked"] where the tool has it (older builds do not)


def run_bounded(cmd, cwd, timeout):
    """(exit status or None on timeout, standard error)."""
    # A session of its own, so a timeout ends the checker's child process too.
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        _, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, ""
    return p.returncode, err.decode(errors="replace")


# Counted apart, as real: subscripts outside their dimension (C leaves them
# undefined, Oclgrind reports them; GPUVerify checks the flat offset), and, in
# kernels GPUVerify verifies under --equality-abstraction, races of a read with a
# store (a read and a store race whatever the value, by OpenCL's memory model and
# Oclgrind's rule; that abstraction forgives a store of the value memory holds;
# same-value write-write pairs are not reported at all).
def real_kinds(r):
    k = set(r.get("kinds", [])) - {"uninitialized-read"}
    real = {"subscript-out-of-range"}
    if "--equality-abstraction" in r.get("flags", ""):
        real |= {"read-after-write", "write-after-read", "inter-tile-race"}
    return k and k <= real


def oclgrind_categories(oclgrind, sim, cwd, timeout):
    """The categories of the errors Oclgrind reports on the same launch file, or
    None when it did not finish."""
    status, err = run_bounded([oclgrind, "--data-races", "--uninitialized", sim], cwd, timeout)
    if status is None:
        return None
    return {c for line in err.splitlines()
            for rx, c in OCLGRIND_ERRORS if re.search(rx, line)}


def in_parallel(fn, items, jobs):
    """[fn(x) for x in items], `jobs` at a time, in the items' order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        return list(pool.map(fn, items))


def run_tool(tool, sim, cwd, build_options, timeout, out_json):
    opts = ["--build-options", build_options] if build_options else []
    cmd = [tool, "--format", "json", "-o", out_json] + ALLOW_UNCHECKED + opts + [sim]
    if os.path.exists(out_json):
        os.remove(out_json)
    status, stderr = run_bounded(cmd, cwd, timeout)
    if status is None:
        return {"status": "timeout", "categories": set(), "unchecked": [], "stderr": ""}
    if status not in (0, 1, 3) or not os.path.exists(out_json):
        # A launch that fails without the checker too (a kernel that does not
        # compile, a launch file ampcl does not accept) is not the checker's
        # failure: counted apart, as not runnable.
        plain, plain_err = run_bounded([tool, "--run-sim", sim] + opts, cwd, timeout)
        if plain is not None and plain != 0:
            return {"status": "not runnable", "categories": set(), "unchecked": [],
                    "stderr": plain_err[-2000:]}
        return {"status": "error %d" % status, "categories": set(), "unchecked": [],
                "stderr": stderr[-2000:]}
    with open(out_json) as f:
        report = json.load(f)
    cats, unchecked, kinds = set(), [], []
    for h in report.get("hazards", []):
        kinds.append(h["kind"])
        if h["kind"] == "not-checked":
            unchecked.append(h.get("detail", ""))
        elif h["kind"] in CATEGORY:
            cats.add(CATEGORY[h["kind"]])
    return {"status": "ok", "categories": cats, "unchecked": unchecked, "kinds": kinds,
            "stderr": stderr[-2000:]}


def oclgrind_suite(args, out_dir):
    kdir = os.path.join(args.oclgrind, "tests", "kernels")
    with open(os.path.join(kdir, "TESTS")) as f:
        tests = [t.strip() for t in f if t.strip()]
    runs = []
    for t in tests:
        sim = os.path.join(kdir, t + ".sim")
        if not os.path.exists(sim) or not re.search(args.filter, t):
            continue
        expected, out_of_scope = set(), []
        ref = os.path.join(kdir, t + ".ref")
        if os.path.exists(ref):
            for line in open(ref):
                if not line.startswith("ERROR"):
                    continue
                cat = next((c for rx, c in OCLGRIND_ERRORS if re.search(rx, line)), None)
                if cat == "uninitialized" and t not in OCLGRIND_UNINIT_IN_SCOPE:
                    cat = None
                if cat:
                    expected.add(cat)
                else:
                    out_of_scope.append(line[6:].strip())
        build_options = ""
        first = open(sim).readline()
        if first.startswith("# ARGS:"):
            m = re.search(r"--build-options\s+(\S+)", first)
            build_options = m.group(1) if m else ""
        out_json = os.path.join(out_dir, "oclgrind", t.replace("/", "__") + ".json")
        os.makedirs(os.path.dirname(out_json), exist_ok=True)
        runs.append((t, expected, out_of_scope, sim, build_options, out_json))

    def one(run):
        t, expected, out_of_scope, sim, build_options, out_json = run
        r = run_tool(args.tool, os.path.basename(sim), os.path.dirname(sim), build_options,
                     args.timeout, out_json)
        if args.verbose:
            print("oclgrind %-45s want %-30s got %-30s %s %s" % (
                t, ",".join(sorted(expected)) or "-", ",".join(sorted(r["categories"])) or "-",
                r["status"], "; ".join(r["unchecked"])[:200]), flush=True)
        return (t, expected, out_of_scope, r)

    return in_parallel(one, runs, args.jobs)


# ---- GPUVerify ---------------------------------------------------------------

GV_STUBS = r"""
#define __requires(x) if (!(x)) return
#define __assume(x) if (!(x)) return
#define __implies(a, b) (!(a) || (b))
#define __mod_pow2(x, y) ((x) & ((y) - 1))
#define __assert(x) ((void)0)
#define __global_assert(x) ((void)0)
#define __invariant(x) 0
#define __candidate_invariant(x) 0
#define __global_invariant(x) 0
#define __candidate_global_invariant(x) 0
#define __function_wide_invariant(x) ((void)0)
#define __function_wide_candidate_invariant(x) ((void)0)
#define __ensures(x) ((void)0)
#define __global_requires(x) ((void)0)
#define __global_ensures(x) ((void)0)
"""
# Barrier invariants take the expression and N instantiations (two per pair for the
# binary ones); written with fixed arities, as OpenCL C has no variadic macros and
# NVIDIA's compiler refuses them.
GV_STUBS += "".join(
    "#define __barrier_invariant_%d(%s) ((void)0)\n" % (n, ", ".join("a%d" % i for i in range(n + 1)))
    for n in range(1, 20))
GV_STUBS += "#define __barrier_invariant_binary_1(a0, a1, a2) ((void)0)\n"
# Functions that need a symbolic reading, or describe accesses: kernels that use
# them outside the stubbed specification statements cannot run concretely.
GV_SYMBOLIC = ["__other_int", "__other_bool", "__uniform_int", "__uniform_bool",
               "__distinct_int", "__return_val", "__atomic_has_taken_value", "__old_int",
               "__uninterpreted_function", "__ite", "__add_noovfl", "__array_snapshot",
               "__requires_fresh_array", "__read_permission", "__exclusive", "__all(",
               "__ptr_offset_bytes", "__spec_bar", "__enabled", "__equal_floats",
               "__equal_doubles", "__write_implies", "__read_implies", "__no_read",
               "__no_write", "__writes_to", "__read_offset_bytes", "__write_offset_bytes",
               "__read(", "__write(", "__at_most_one", "DECLARE_UF"]
GV_SKIP_FLAGS = ["--warp-sync", "--only-intra-group", "--only-divergence", "--only-log",
                 "--no-barrier-access-checks", "--kernel-args", "--only-requires",
                 "--global_offset"]
SCALAR_BYTES = {"char": 1, "uchar": 1, "unsigned char": 1, "short": 2, "ushort": 2,
                "unsigned short": 2, "int": 4, "uint": 4, "unsigned int": 4, "unsigned": 4,
                "float": 4, "long": 8, "ulong": 8, "unsigned long": 8, "double": 8,
                "size_t": 8, "bool": 1}
SIM_TYPE = {"char": "char", "uchar": "uchar", "short": "short", "ushort": "ushort", "int": "int",
            "uint": "uint", "long": "long", "ulong": "ulong", "float": "float",
            "double": "double", "size_t": "ulong", "bool": "uchar"}


def spec_statements_only(src, name):
    """True when `name` appears only inside stubbed specification calls."""
    stripped = re.sub(r"__(assert|invariant|candidate_invariant|global_invariant|ensures|"
                      r"global_assert|function_wide_invariant|barrier_invariant_\w+|"
                      r"global_requires|global_ensures)\s*\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)",
                      "", src)
    return name not in stripped


def parse_dims(text):
    """[16,8] or 16,8 or 16; '*' (unconstrained) is 0, to be chosen here."""
    return [0 if x.strip() == "*" else int(x) for x in text.strip().strip("[]").split(",")]


def kernel_params(cl_path):
    p = subprocess.run(["clang-14", "-Xclang", "-ast-dump=json", "-fsyntax-only", "-x", "cl",
                        "-cl-std=CL1.2", "-include", "/dev/null", cl_path],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        ast = json.loads(p.stdout)
    except ValueError:
        return None, "clang could not parse it"
    kernels = []
    for n in ast.get("inner", []):
        if n.get("kind") == "FunctionDecl" and any(
                a.get("kind") == "OpenCLKernelAttr" for a in n.get("inner", [])) and any(
                c.get("kind") == "CompoundStmt" for c in n.get("inner", [])):
            params = [p["type"]["qualType"] for p in n.get("inner", [])
                      if p.get("kind") == "ParmVarDecl"]
            kernels.append((n["name"], params))
    if len(kernels) != 1:
        return None, "%d kernels" % len(kernels)
    return kernels[0], None


def scalar_base(t):
    t = re.sub(r"\b(__private|const|volatile|restrict)\b", "", t).strip()
    return t


def gv_argument(t, items, local_items):
    space = None
    for kw, s in (("__global", "global"), ("__local", "local"), ("__constant", "constant")):
        if kw in t:
            space = s
    if "image" in t or "sampler" in t:
        return None, "image or sampler parameter"
    if space:
        pointee = re.sub(r"\b(__global|__local|__constant|const|volatile|restrict|__private)\b",
                         "", t.split("*")[0]).strip()
        m = re.match(r"(unsigned )?(char|short|int|long|float|double|uchar|ushort|uint|ulong)"
                     r"(\d+)?$", pointee)
        if not m:
            elem, typ = 16, "uchar"  # structs, void: bytes
        else:
            base = ("u" if m.group(1) else "") + m.group(2)
            lanes = int(m.group(3) or 1)
            lanes = 4 if lanes == 3 else lanes
            elem = SCALAR_BYTES[base] * lanes
            typ = SIM_TYPE[base]
        if space == "local":
            return "<size=%d>" % max(1024, local_items * 8 * elem), None
        n = max(4096, items * 8) * elem // SCALAR_BYTES.get(typ, 1)
        width = SCALAR_BYTES.get(typ, 1)
        fill = "range=0:1:%d" % (n - 1) if typ in ("int", "uint", "long", "ulong", "float",
                                                  "double") else "fill=1"
        if typ in ("int", "uint", "float") and n > 2 ** 24:
            fill = "fill=1"
        return "<size=%d %s %s>" % (n * width, typ, fill), None
    base = scalar_base(t)
    if base in SCALAR_BYTES:
        return "<size=%d %s> 4" % (SCALAR_BYTES[base], SIM_TYPE.get(base, "int")), None
    m = re.match(r"(u?(?:char|short|int|long)|float|double)(\d+)$", base)
    if m:
        lanes = int(m.group(2))
        size = SCALAR_BYTES[m.group(1)] * (4 if lanes == 3 else lanes)
        count = size // SCALAR_BYTES[m.group(1)]
        return "<size=%d %s> %s" % (size, SIM_TYPE[m.group(1)], " ".join(["4"] * count)), None
    return None, "by-value parameter of type '%s'" % base


def gpuverify_suite(args, out_dir):
    suite = os.path.join(args.gpuverify, "testsuite", "OpenCL")
    work = os.path.join(out_dir, "gpuverify-kernels")
    os.makedirs(work, exist_ok=True)
    rows = []
    for dirpath, _, files in sorted(os.walk(suite)):
        if "kernel.cl" not in files:
            continue
        path = os.path.join(dirpath, "kernel.cl")
        name = os.path.relpath(dirpath, suite)
        if not re.search(args.filter, name):
            continue
        src = open(path, errors="replace").read()
        lines = src.splitlines()
        if not lines or not lines[0].startswith("//pass"):
            continue
        flags = lines[1] if len(lines) > 1 else ""
        skip = None
        if any(f in flags for f in GV_SKIP_FLAGS):
            skip = "checked only in part by GPUVerify (%s)" % flags.strip("/ ")
        for s in GV_SYMBOLIC:
            if not skip and s in src and not spec_statements_only(src, s.rstrip("(")):
                skip = "needs a symbolic value (%s)" % s.rstrip("(")
        m_local = re.search(r"--local_size=(\S+)", flags)
        m_groups = re.search(r"--num_groups=(\S+)", flags)
        m_global = re.search(r"--global_size=(\S+)", flags)
        if not skip and not (m_local and (m_groups or m_global)):
            skip = "no launch size"
        if skip:
            rows.append((name, skip, None))
            continue
        local = parse_dims(m_local.group(1))
        if m_groups:
            groups = parse_dims(m_groups.group(1))
        else:
            glob = parse_dims(m_global.group(1))
            groups = [g // l if g and l else 4 for g, l in zip(glob, local + [1] * 3)]
        local = [l or 64 for l in local]
        groups = [g or 4 for g in groups]
        dims = max(len(local), len(groups))
        local = (local + [1] * 3)[:dims]
        groups = (groups + [1] * 3)[:dims]
        # Scale to what a CPU device runs in seconds: <= 256 items per tile,
        # <= 4 tiles per dimension.
        while 1 if not local else (eval("*".join(map(str, local))) > 256):
            d = max(range(dims), key=lambda i: local[i])
            local[d] //= 2
        groups = [min(g, 4) for g in groups]
        local_items = 1
        for l in local:
            local_items *= l
        items = local_items
        for g in groups:
            items *= g
        kdir = os.path.join(work, name.replace("/", "__"))
        os.makedirs(kdir, exist_ok=True)
        kfile = os.path.join(kdir, "kernel.cl")
        with open(kfile, "w") as f:
            f.write(GV_STUBS + '#line 1 "%s"\n' % path + src)
        kp, why = kernel_params(kfile)
        if not kp:
            rows.append((name, "not runnable: " + why, None))
            continue
        kname, params = kp
        sim_args = []
        for t in params:
            a, why = gv_argument(t, items, local_items)
            if not a:
                skip = why
                break
            sim_args.append(a)
        if skip:
            rows.append((name, skip, None))
            continue
        glob = [l * g for l, g in zip(local, groups)]
        pad = lambda v: " ".join(str(x) for x in (v + [1] * 3)[:3])
        with open(os.path.join(kdir, "kernel.sim"), "w") as f:
            f.write("kernel.cl\n%s\n%s\n%s\n%s\n" % (kname, pad(glob), pad(local),
                                                    "\n".join(sim_args)))
        out_json = os.path.join(out_dir, "gpuverify", name.replace("/", "__") + ".json")
        os.makedirs(os.path.dirname(out_json), exist_ok=True)
        rows.append((name, None, (kdir, flags, out_json)))

    def one(row):
        name, skip, run = row
        if skip:
            return row
        kdir, flags, out_json = run
        r = run_tool(args.tool, "kernel.sim", kdir, "", args.timeout, out_json)
        r["flags"] = flags
        # A report of a verified kernel may be the inputs' fault (made up here, not
        # what GPUVerify's proof assumes): when Oclgrind, run on the same launch
        # file, reports every such category too, the report is true for these inputs.
        suspect = r["categories"] - {"uninitialized"}
        if suspect and not real_kinds(r) and args.confirm_with:
            seen = oclgrind_categories(args.confirm_with, "kernel.sim", kdir, args.timeout)
            r["oclgrind"] = seen
            r["confirmed"] = seen is not None and suspect <= seen
        if args.verbose:
            print("gpuverify %-60s %-30s %s %s" % (name, ",".join(sorted(r["kinds"]
                  if "kinds" in r else [])) or "-", r["status"],
                  "; ".join(r["unchecked"])[:200]), flush=True)
        return (name, None, r)

    return in_parallel(one, rows, args.jobs)


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--oclgrind", help="checkout of github.com/jrprice/Oclgrind")
    ap.add_argument("--gpuverify", help="checkout of github.com/mc-imperial/gpuverify")
    build = os.environ.get("AMPCL_BUILD_DIR", os.path.join(ROOT, "build"))
    ap.add_argument("--tool", default=os.path.join(build, "tools", "racecheck", "ampcl-racecheck"))
    ap.add_argument("--timeout", type=int, default=300, help="seconds per kernel")
    ap.add_argument("--out", default=os.path.join(ROOT, "bench-out", "racecheck-suites"))
    ap.add_argument("--filter", default="",
                    help="only the tests whose name matches this regular expression")
    ap.add_argument("--confirm-with", default=shutil.which("oclgrind-kernel"),
                    help="oclgrind-kernel, run on the GPUVerify kernels ampcl reports, to "
                         "tell reports the made-up inputs cause (default: on PATH; '' for none)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="checker runs at a time (default 1; each run is one process)")
    ap.add_argument("-v", "--verbose", action="store_true", help="one line per kernel")
    args = ap.parse_args()
    if not os.access(args.tool, os.X_OK):
        sys.exit("no ampcl-racecheck at %s (set AMPCL_BUILD_DIR or --tool)" % args.tool)
    args.tool = os.path.abspath(args.tool)
    usage = subprocess.run([args.tool, "--help"], stdout=subprocess.PIPE).stdout.decode()
    if "--allow-unchecked" in usage:
        ALLOW_UNCHECKED.append("--allow-unchecked")
    if not args.oclgrind and not args.gpuverify:
        sys.exit("give --oclgrind DIR and/or --gpuverify DIR (see --help)")
    os.makedirs(args.out, exist_ok=True)

    if args.oclgrind:
        rows = oclgrind_suite(args, args.out)
        exp = found = missed = false = unchecked = errors = unrunnable = 0
        correct = [r for r in rows if not r[1]]
        print("\n## Oclgrind's suite (%d launch files)\n" % len(rows))
        print("| test | expected | ampcl reports | verdict |")
        print("| --- | --- | --- | --- |")
        for t, want, oos, r in rows:
            got = r["categories"]
            f = want & got
            m = want - got
            x = got - want
            exp += len(want)
            found += len(f)
            missed += len(m)
            false += len(x)
            unchecked += 1 if r["unchecked"] else 0
            errors += 1 if r["status"] not in ("ok", "not runnable") else 0
            unrunnable += 1 if r["status"] == "not runnable" else 0
            verdict = []
            if m:
                verdict.append("MISSED " + ",".join(sorted(m)))
            if x:
                verdict.append("FALSE " + ",".join(sorted(x)))
            if r["unchecked"]:
                verdict.append("not checked: " + "; ".join(r["unchecked"])[:160])
            if r["status"] != "ok":
                verdict.append(r["status"] + ": " + r["stderr"].strip().splitlines()[-1]
                               if r["stderr"].strip() else r["status"])
            if want or got or verdict:
                print("| %s | %s | %s | %s |" % (t, ",".join(sorted(want)) or "-",
                                                 ",".join(sorted(got)) or "-",
                                                 "; ".join(verdict) or "ok"))
        races_exp = sum(1 for _, w, _, _ in rows if "race" in w)
        races_found = sum(1 for _, w, _, r in rows if "race" in w and "race" in r["categories"])
        print("\nOclgrind suite: %d expected findings (in %d files), %d found, %d missed; "
              "%d false reports; races %d/%d; %d files with a kernel not checked; %d tool errors; "
              "%d not runnable (they fail without the checker too); "
              "%d files whose only errors are outside ampcl's scope"
              % (exp, sum(1 for r in rows if r[1]), found, missed, false, races_found, races_exp,
                 unchecked, errors, unrunnable, sum(1 for r in rows if not r[1] and r[2])))
        print("correct kernels (no in-scope error expected): %d, %d of them checked, "
              "with a false report: %d" % (
                  len(correct), sum(1 for r in correct if r[3]["status"] == "ok"),
                  sum(1 for r in correct if r[3]["categories"])))

    if args.gpuverify:
        rows = gpuverify_suite(args, args.out)
        ran = [r for r in rows if r[2]]
        skipped = [r for r in rows if not r[2]]
        subscript_rows = [r for r in ran if "subscript-out-of-range" in r[2].get("kinds", [])]
        benign_rows = [r for r in ran if real_kinds(r[2]) and
                       set(r[2].get("kinds", [])) - {"uninitialized-read", "subscript-out-of-range"}]
        confirmed_rows = [r for r in ran if r[2].get("confirmed")]
        false_rows = [r for r in ran if r[2]["categories"] - {"uninitialized"} and
                      not real_kinds(r[2]) and not r[2].get("confirmed")]
        uninit_rows = [r for r in ran if "uninitialized" in r[2]["categories"]]
        unchecked_rows = [r for r in ran if r[2]["unchecked"]]
        error_rows = [r for r in ran if r[2]["status"] not in ("ok", "not runnable")]
        unrunnable_rows = [r for r in ran if r[2]["status"] == "not runnable"]
        print("\n## GPUVerify's suite (kernels marked //pass)\n")
        for name, _, r in ran:
            if r["categories"] or r["unchecked"] or r["status"] != "ok":
                print("- %s: %s%s%s%s" % (name, ", ".join(sorted(set(r.get("kinds", [])))) or "-",
                                        " (Oclgrind on the same launch: %s)" % (
                                            ", ".join(sorted(r["oclgrind"])) or "nothing"
                                            if r["oclgrind"] is not None else "did not finish")
                                        if "oclgrind" in r else "",
                                        " (not checked: %s)" % "; ".join(r["unchecked"])[:200]
                                        if r["unchecked"] else "",
                                        "" if r["status"] == "ok" else " [%s: %s]" % (
                                            r["status"], r["stderr"].strip()[-300:])))
        reasons = {}
        for _, why, _ in skipped:
            key = re.sub(r"\(.*", "", why).strip()
            reasons[key] = reasons.get(key, 0) + 1
        print("\nGPUVerify suite: %d //pass kernels, %d ran, %d skipped (%s); "
              "false reports in %d kernels; reports Oclgrind makes too on the same "
              "launch (true for these inputs) in %d; uninitialized __local reads (real) in %d; "
              "subscripts outside their dimension (real) in %d; read-store races under "
              "GPUVerify's equality abstraction (real) in %d; "
              "not checked %d; tool errors %d; not runnable (they fail without the checker "
              "too) %d"
              % (len(rows), len(ran), len(skipped),
                 ", ".join("%s: %d" % kv for kv in sorted(reasons.items())),
                 len(false_rows), len(confirmed_rows), len(uninit_rows), len(subscript_rows), len(benign_rows),
                 len(unchecked_rows), len(error_rows),
                 len(unrunnable_rows)))


if __name__ == "__main__":
    main()
