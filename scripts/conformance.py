#!/usr/bin/env python3
"""Microsoft's C++ AMP conformance suite, compiled and run with ampcl-c++.

Runs the suite the way HCC's run_tests.pl did (shared/amp-conformance/README.md):
each test.cpp is built once per set of definitions in its nearest *.conf, with the
harness library (amp_test_lib) and, for tests with their own main(), test_main.h;
a negative test (//#Expects: error) passes when it does not compile, a compile-only
test when it compiles, a runtime test when it exits 0 (2 is a skip). Prints
passed / failed / not translatable / skipped per chapter, and each failure's reason
grouped by kind; writes every result to <out>/results.tsv (results-<device>.tsv
with --devices).

  scripts/conformance.py --ampcl-cxx build/translate/ampcl-c++ [--jobs 16]
                         [--filter REGEX] [--list hcc|all|FILE] [--out DIR]
  scripts/conformance.py --merge DIR1 DIR2 ... --out DIR   (tables of runs in parts)
"""
import argparse
import collections
import concurrent.futures
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTS_ERROR = re.compile(r"//#\s*Expects\s*(\d*)\s*:\s*(warning|error)", re.I)
OWN_MAIN = re.compile(r" main *\(")


def parse_conf(path):
    """The Perl hash of a test.conf: compile_only and the list of definitions."""
    text = open(path, encoding="latin-1").read()
    conf = {"compile_only": bool(re.search(r"'compile_only'\s*=>\s*1", text)), "definitions": [{}]}
    m = re.search(r"'definitions'\s*=>\s*\[(.*)\]", text, re.S)
    if m:
        sets = []
        for block in re.findall(r"\{([^}]*)\}", m.group(1)):
            pairs = re.findall(r"'([^']+)'\s*=>\s*('([^']*)'|\"([^\"]*)\"|[^,\s}]+)", block)
            d = {}
            for key, raw, single, double in pairs:
                d[key] = single if raw.startswith("'") else double if raw.startswith('"') else raw
            sets.append(d)
        conf["definitions"] = sets or [{}]
    return conf


def find_conf(test_dir, root):
    d = test_dir
    while True:
        confs = sorted(f for f in os.listdir(d) if f.endswith(".conf"))
        if confs:
            return os.path.join(d, confs[0])
        if os.path.samefile(d, root) or d == os.path.dirname(d):
            return None
        d = os.path.dirname(d)


def normalise(message):
    """A failure message without the names, numbers and paths that differ per test."""
    m = re.sub(r"'[^']*'", "'…'", message)
    m = re.sub(r"\b\d+\b", "N", m)
    m = re.sub(r"/\S+", "…", m)
    return m.strip()[:160]


def first_error(text):
    for line in text.splitlines():
        if ": error: " in line:
            return line.split(": error: ", 1)[1]
        if line.startswith("error: "):
            return line[len("error: "):]
    for line in text.splitlines():
        if "error" in line.lower():
            return line.strip()
    return text.strip().splitlines()[-1] if text.strip() else "no message"


class Runner:
    def __init__(self, args):
        self.args = args
        self.suite = os.path.abspath(args.suite)
        self.tests_root = os.path.join(self.suite, "Tests")
        self.out = os.path.abspath(args.out)
        self.inc = os.path.join(self.suite, "amp_test_lib", "inc")
        os.makedirs(self.out, exist_ok=True)
        self.fixes = self.harness_fixes()
        # Each build runs on every device named; "" is the default. A device is a label
        # (its column and results file), an AMPCL_DEVICE filter and the ICDs it sees.
        self.devices, self.filters, self.icds = [""], {}, {}
        if args.devices:
            self.devices = []
            for entry in args.devices.split(","):
                label, filt, icd = parse_device(entry)
                if label in self.devices:
                    sys.exit("conformance: --devices names %r twice: give one of them a label "
                             "of its own, LABEL=FILTER:ICD" % label)
                self.devices.append(label)
                self.filters[label] = filt
                if icd:
                    self.icds[label] = self.icd_vendors(label, icd)

    def icd_vendors(self, label, icds):
        """OCL_ICD_VENDORS for a device's ICDs, '+'-separated .icd files or folders of
        them: one file or folder as it is; several gathered into <out>/icd/<label>/
        (a folder is what both ocl-icd and Khronos' loader take)."""
        paths = [os.path.abspath(p) for p in icds.split("+") if p]
        files = []
        for p in paths:
            if os.path.isdir(p):
                found = sorted(f for f in os.listdir(p) if f.endswith(".icd"))
                if not found:
                    sys.exit("conformance: --devices %s: %s holds no .icd file (the folder of "
                             "ICDs is usually /etc/OpenCL/vendors)" % (label, p))
                files += [os.path.join(p, f) for f in found]
            elif os.path.isfile(p):
                files.append(p)
            else:
                sys.exit("conformance: --devices %s: no ICD file or folder %s (installed ICDs "
                         "are listed in /etc/OpenCL/vendors)" % (label, p))
        if len(paths) == 1:
            return paths[0]
        folder = os.path.join(self.out, "icd", label)
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))
        for n, f in enumerate(files):  # numbered: the loader's platform order is theirs
            with open(f) as src, open(os.path.join(folder, "%d-%s" % (n, os.path.basename(f))),
                                      "w") as dst:
                dst.write(src.read())
        return folder

    def compile(self, cmd, timeout):
        try:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               timeout=timeout, text=True, errors="replace")
            return p.returncode, p.stdout
        except subprocess.TimeoutExpired:
            return 124, "compile timed out after %d s" % timeout

    def harness_fixes(self):
        """An include folder searched before the harness's own, with the declarations
        HCC's copy of the harness lost restored as Microsoft's original has them
        (microsoft-original/amp_test_lib/inc): logging.h's Log_writeline(LogType type)
        without its default argument `= LogType::Info`, which
        5_1_2_1/Extent_Accl_Staging/General/Test.01 uses as Log_writeline()."""
        fixes = os.path.join(self.out, "harness_fixes")
        path = os.path.join(self.inc, "amptest", "logging.h")
        text = open(path, encoding="latin-1").read()
        lost = "void AMP_TEST_API Log_writeline(LogType type);"
        if lost not in text:  # a harness that has it, or changed: use it as it is
            return []
        os.makedirs(os.path.join(fixes, "amptest"), exist_ok=True)
        with open(os.path.join(fixes, "amptest", "logging.h"), "w", encoding="latin-1") as f:
            f.write(text.replace(lost, "void AMP_TEST_API Log_writeline(LogType type = LogType::Info);"))
        return ["-I", fixes]

    def build_harness(self):
        lib = os.path.join(self.out, "libamptest.a")
        objs = []
        src_dir = os.path.join(self.suite, "amp_test_lib", "src")
        for f in sorted(os.listdir(src_dir)):
            if not f.endswith(".cpp"):
                continue
            obj = os.path.join(self.out, "harness_" + f[:-4] + ".o")
            # The harness uses memset without <cstring>, which HCC's <amp.h> included.
            rc, log = self.compile([self.args.ampcl_cxx, "-O1", "-include", "cstring"] + self.fixes +
                                   ["-I", self.inc, "-c", os.path.join(src_dir, f), "-o", obj], 600)
            if rc != 0:
                sys.exit("conformance: the harness (%s) does not compile:\n%s" % (f, log))
            objs.append(obj)
        if os.path.exists(lib):
            os.remove(lib)
        subprocess.run(["ar", "rcs", lib] + objs, check=True)
        return lib

    def tests(self):
        found = []
        if self.args.list in ("hcc", "all"):
            for d, _, files in os.walk(self.tests_root):
                if "test.cpp" in files:
                    found.append(os.path.relpath(os.path.join(d, "test.cpp"), self.tests_root))
        else:
            found = [l.strip() for l in open(self.args.list) if l.strip()]
        if self.args.list == "hcc":
            passlist = {l.strip() for l in open(os.path.join(self.suite, "amdgpu-passlist.txt"))}
            found = [t for t in found if t in passlist]
        if self.args.filter:
            found = [t for t in found if re.search(self.args.filter, t)]
        return sorted(found)

    def run_one(self, rel, harness, index):
        """The test's result on each device: {device: (kind, outcome, reason)}."""
        path = os.path.join(self.tests_root, rel)
        source = open(path, encoding="latin-1").read()
        conf_file = find_conf(os.path.dirname(path), self.tests_root)
        conf = parse_conf(conf_file) if conf_file else {"compile_only": False, "definitions": [{}]}
        negative = bool(EXPECTS_ERROR.search(source))
        kind = "negative" if negative else "compile_only" if conf["compile_only"] else "runtime"
        everywhere = lambda outcome, reason: {d: (kind, outcome, reason) for d in self.devices}
        exe = os.path.join(self.out, "bin", "t%d" % index)
        results = everywhere("passed", "")
        for defs in conf["definitions"]:
            cmd = [self.args.ampcl_cxx] + self.fixes + ["-I", self.inc]
            if OWN_MAIN.search(source):
                cmd += ["-include", os.path.join(self.suite, "test_main.h")]
            cmd += ["-D%s=%s" % (k, v) for k, v in defs.items()]
            if negative or conf["compile_only"]:
                cmd += ["-fsyntax-only", path]
            else:
                cmd += [path, harness, "-o", exe]
            rc, log = self.compile(cmd, self.args.compile_timeout)
            if negative:
                if rc == 0:
                    return everywhere("failed", "accepted: a negative test compiled")
                if rc == 124:  # a compiler that never finishes has rejected nothing
                    return everywhere("failed", log)
                continue
            if rc != 0:
                # Not translatable: the translator's own errors (ampcl-c++ counts them) or
                # Clang's about restrict(amp) code; anything else is the host side's.
                translated = (re.search(r"\(([1-9][0-9]*) errors? in restrict\(amp\) code", log) or
                              re.search(r"error: .*(restrict\((cpu, )?amp\)|tile_static|OpenCL)", log))
                where = "not translatable" if translated else "host compile failed"
                return everywhere(where, first_error(log))
            if conf["compile_only"]:
                continue
            for device in self.devices:
                if results[device][1] == "failed":
                    continue
                outcome = self.execute(exe, path, device)
                if outcome is not None:
                    results[device] = (kind,) + outcome
        return results

    def execute(self, exe, path, device):
        """Runs one build of a test on a device: None when it passed, else (outcome, reason)."""
        env = dict(os.environ)
        if self.filters.get(device):
            env["AMPCL_DEVICE"] = self.filters[device]
        if device in self.icds:
            env["OCL_ICD_VENDORS"] = self.icds[device]
        try:
            p = subprocess.run([exe], cwd=os.path.dirname(path), stdout=subprocess.PIPE, env=env,
                               stderr=subprocess.STDOUT, timeout=self.args.timeout, text=True,
                               errors="replace")
            rc, log = p.returncode, p.stdout
        except subprocess.TimeoutExpired:
            return "failed", "timed out after %d s" % self.args.timeout
        if rc == 0:
            return None
        if rc == 2:
            return "skipped", "the test skipped itself"
        if rc < 0:
            return "failed", "crashed: signal %d" % -rc
        if "build_error" in log or "failed to compile for" in log:
            return "failed", "OpenCL build error: " + first_error(log)
        exc = re.search(r"(?:exception|Exception)[^\n]*", log)
        return "failed", "exit %d: %s" % (rc, exc.group(0)[:150] if exc else "wrong result")

    def run(self):
        tests = self.tests()
        if not tests:
            sys.exit("conformance: no tests match")
        os.makedirs(os.path.join(self.out, "bin"), exist_ok=True)
        start = time.time()
        harness = self.build_harness()
        results = {d: {} for d in self.devices}
        # Each result as it comes (a long run can be followed, or cut short).
        progress = open(os.path.join(self.out, "progress.tsv"), "w", buffering=1)
        with concurrent.futures.ThreadPoolExecutor(self.args.jobs) as pool:
            futures = {pool.submit(self.run_one, t, harness, i): t for i, t in enumerate(tests)}
            done = 0
            for f in concurrent.futures.as_completed(futures):
                t = futures[f]
                try:
                    per_device = f.result()
                except Exception as e:  # a bug of this script must not hide the others
                    per_device = {d: ("runtime", "failed", "runner error: %s" % e) for d in self.devices}
                done += 1
                for d, r in per_device.items():
                    results[d][t] = r
                    progress.write("%s\t%s\t%s\t%s\t%s\n" % ((d or "default", t) + tuple(r)))
                if sys.stderr.isatty():
                    sys.stderr.write("\rconformance: %d/%d" % (done, len(tests)))
        if sys.stderr.isatty():
            sys.stderr.write("\n")
        seconds = time.time() - start
        for d in self.devices:
            if len(self.devices) > 1 or d:
                print("\n## device: %s" % (d or "default"))
            self.report(results[d], seconds, "results-%s.tsv" % d if d else "results.tsv")
        return all(outcome in ("passed", "skipped")
                   for per_test in results.values() for _, outcome, _ in per_test.values())

    def merge(self, dirs):
        """Tables from the results of earlier runs (a suite split over several runs)."""
        per_device = collections.OrderedDict()
        for d in dirs:
            for name in sorted(os.listdir(d)):
                m = re.fullmatch(r"results(?:-(.+))?\.tsv", name)
                if not m:
                    continue
                rows = per_device.setdefault(m.group(1) or "", {})
                with open(os.path.join(d, name)) as f:
                    next(f)
                    for line in f:
                        test, kind, outcome, reason = (line.rstrip("\n").split("\t") + [""])[:4]
                        rows[test] = (kind, outcome, reason)
        if not per_device:
            sys.exit("conformance: no results*.tsv in %s" % ", ".join(dirs))
        for device, results in per_device.items():
            if len(per_device) > 1 or device:
                print("\n## device: %s" % (device or "default"))
            self.report(results, 0, "results-%s.tsv" % device if device else "results.tsv")
        return True

    def report(self, results, seconds, name):
        with open(os.path.join(self.out, name), "w") as f:
            f.write("test\tkind\toutcome\treason\n")
            for t in sorted(results):
                kind, outcome, reason = results[t]
                f.write("%s\t%s\t%s\t%s\n" % (t, kind, outcome, reason.replace("\t", " ")))
        passlist = {l.strip() for l in open(os.path.join(self.suite, "amdgpu-passlist.txt"))}
        rows = collections.OrderedDict()
        for t in sorted(results):
            chapter = t.split("/")[0]
            kind, outcome, _ = results[t]
            row = rows.setdefault(chapter, collections.Counter())
            row[outcome] += 1
            row["tests"] += 1
            row["%s %s" % (kind, outcome)] += 1
            if t in passlist:
                row["hcc"] += 1
                if outcome == "passed":
                    row["hcc passed"] += 1
        cols = ["tests", "passed", "failed", "not translatable", "host compile failed", "skipped"]
        print("\n| chapter | " + " | ".join(cols) + " | of HCC's pass list: passed |")
        print("|---" * (len(cols) + 2) + "|")
        total = collections.Counter()
        for chapter, row in rows.items():
            total.update(row)
            print("| %s | %s | %d/%d |" % (chapter, " | ".join(str(row[c]) for c in cols),
                                           row["hcc passed"], row["hcc"]))
        print("| **total** | %s | %d/%d |" % (" | ".join(str(total[c]) for c in cols),
                                               total["hcc passed"], total["hcc"]))
        print("\nBy kind: " + ", ".join(
            "%s %d/%d" % (k, total[k + " passed"], sum(total[k + " " + o] for o in
                                                        ("passed", "failed", "not translatable",
                                                         "host compile failed", "skipped")))
            for k in ("runtime", "compile_only", "negative")))
        reasons = collections.Counter()
        for t, (kind, outcome, reason) in results.items():
            if outcome not in ("passed", "skipped"):
                reasons[(outcome, normalise(reason))] += 1
        print("\nFailures by reason (%d kinds):" % len(reasons))
        for (outcome, reason), n in reasons.most_common(self.args.reasons):
            print("  %4d  %-20s %s" % (n, outcome, reason))
        print("\n%d tests in %.0f s; every result in %s" % (
            len(results), seconds, os.path.join(self.out, name)))


def parse_device(entry):
    """--devices' [LABEL=]FILTER[:ICD[+ICD...]] as (label, filter, icds)."""
    label, eq, rest = entry.partition("=")
    if not eq:
        label, rest = "", entry
    filt, _, icd = rest.partition(":")
    label = label or filt
    if not label:
        sys.exit("conformance: --devices entry %r names no device: give a filter (pocl, nvidia, "
                 "gpu, opencl:0:1) or a label, LABEL=:ICD for the default device" % entry)
    if not re.fullmatch(r"[A-Za-z0-9_.+-]+", label):
        sys.exit("conformance: --devices label %r: use letters, digits and _.+- (it names "
                 "results-LABEL.tsv)" % label)
    return label, filt, icd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--suite", default=os.path.join(HERE, "..", "..", "shared", "amp-conformance"))
    ap.add_argument("--ampcl-cxx", default=os.path.join(HERE, "..", "build", "translate", "ampcl-c++"))
    ap.add_argument("--devices", default="",
                    help="comma-separated devices, each test built once and run on each: "
                         "[LABEL=]FILTER[:ICD[+ICD...]]. FILTER is an AMPCL_DEVICE filter (the "
                         "default accelerator; empty: the first GPU, else the first CPU). ICD "
                         "sets what the OpenCL loader shows (OCL_ICD_VENDORS): an .icd file, a "
                         "folder of them, or several joined by + (gathered into OUT/icd/LABEL). "
                         "The harness picks among every device shown, a non-emulated one (a GPU) "
                         "first, and tests of two accelerators take a second one (on PoCL alone "
                         "POCL_DEVICES='pthread pthread' gives two). LABEL (default FILTER) names "
                         "the column and results-LABEL.tsv. E.g. pocl:/etc/OpenCL/vendors/pocl.icd,"
                         "nvidia:/etc/OpenCL/vendors/nvidia.icd (one vendor each), "
                         "nvidia+pocl=nvidia:/etc/OpenCL/vendors/nvidia.icd+/etc/OpenCL/vendors/"
                         "pocl.icd (NVIDIA the default, PoCL the second accelerator; "
                         "nvidia:/etc/OpenCL/vendors shows every installed ICD). Default: the "
                         "default device, every ICD")
    ap.add_argument("--list", default="all", help="all (default), hcc (HCC's pass list) or a file")
    ap.add_argument("--filter", help="only tests whose path matches this regular expression")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=int, default=60, help="seconds per test run (HCC's alarm)")
    ap.add_argument("--compile-timeout", type=int, default=300)
    ap.add_argument("--reasons", type=int, default=60, help="how many failure kinds to print")
    ap.add_argument("--out", default="conformance-out")
    ap.add_argument("--merge", nargs="+", metavar="DIR",
                    help="run nothing: the tables of the results*.tsv in these earlier --out "
                         "folders together (a suite run in parts), merged results into --out")
    args = ap.parse_args()
    if args.merge:
        sys.exit(0 if Runner(args).merge(args.merge) else 1)
    args.ampcl_cxx = os.path.abspath(args.ampcl_cxx)
    if not os.access(args.ampcl_cxx, os.X_OK):
        sys.exit("conformance: no ampcl-c++ at %s: build ampcl (scripts/build.sh) or pass --ampcl-cxx"
                 % args.ampcl_cxx)
    sys.exit(0 if Runner(args).run() else 1)


if __name__ == "__main__":
    main()
