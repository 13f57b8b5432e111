#!/usr/bin/env python3
"""Unit tests of how tools/validate_amp/libraries.py gives a failed test its causes from its
GoogleTest cases (docs/validation_amp.md, "Causes"): each failed case's own output is
searched, a test whose failed cases are all explained takes their causes (ampcl's first), and
one with a case nothing explains stays unclassified unless assign.tsv names it."""
import importlib.util
import sys
import unittest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("libraries", ROOT / "tools/validate_amp/libraries.py")
libraries = importlib.util.module_from_spec(spec)
spec.loader.exec_module(libraries)
Cause = libraries.Cause

CAUSES = [
    Cause("ampcl-bug", "runtime", "case", r"ampcl says no", "", ""),
    Cause("own-end-index", "own-bug", "case", r"index \(\d+\) is outside the extent", "", ""),
    Cause("multicore", "not-amp", "case", r"MultiCoreCpu version", "", "", "bolt"),
]


def gtest_log(cases):
    """A GoogleTest run log: cases is [(name, output lines, 'OK' | 'FAILED' | None: crashed)]."""
    lines = ["[==========] Running tests."]
    for name, output, verdict in cases:
        lines.append(f"[ RUN      ] {name}")
        lines += output
        if verdict:
            lines.append(f"[  {verdict:6}  ] {name} (1 ms)")
    return "\n".join(lines) + "\n"


def result(failed):
    return {"name": "SomeTest", "mode": "gtest", "status": "run", "cases_failed": failed}


class FailedCaseOutputs(unittest.TestCase):
    def test_each_failed_case_keeps_its_own_lines(self):
        log = gtest_log([("A.one", ["fine"], "OK"),
                         ("A.two", ["index (8) is outside the extent (8)"], "FAILED"),
                         ("A.three", ["ampcl says no", "more"], "FAILED")])
        outputs, unfinished = libraries.failed_case_outputs(log)
        self.assertEqual([name for name, _ in outputs], ["A.two", "A.three"])
        self.assertEqual(outputs[1][1], "ampcl says no\nmore")
        self.assertFalse(unfinished)

    def test_a_case_that_never_ended_is_reported(self):
        log = gtest_log([("A.one", ["x"], "FAILED"), ("A.crash", ["segfault follows"], None)])
        outputs, unfinished = libraries.failed_case_outputs(log)
        self.assertEqual([name for name, _ in outputs], ["A.one"])
        self.assertTrue(unfinished)


class CaseCauses(unittest.TestCase):
    def test_ampcl_causes_come_first_then_own_bugs(self):
        log = gtest_log([("A.a", ["index (1) is outside the extent (1)"], "FAILED"),
                         ("A.b", ["index (2) is outside the extent (2)"], "FAILED"),
                         ("A.c", ["ampcl says no"], "FAILED")])
        per_case, unexplained = libraries.case_causes("bolt", result(3), log, CAUSES)
        self.assertEqual(per_case, [("ampcl-bug", 1), ("own-end-index", 2)])
        self.assertEqual(unexplained, 0)

    def test_a_cause_limited_to_other_corpora_does_not_explain(self):
        log = gtest_log([("A.a", ["The MultiCoreCpu version of fill"], "FAILED")])
        self.assertEqual(libraries.case_causes("bolt", result(1), log, CAUSES), ([("multicore", 1)], 0))
        self.assertEqual(libraries.case_causes("bolt-hcc", result(1), log, CAUSES), ([], 1))

    def test_googletest_verification_is_not_counted(self):
        log = gtest_log([("GoogleTestVerification.UninstantiatedParameterizedTestSuite<X>",
                          ["not instantiated"], "FAILED")])
        self.assertEqual(libraries.case_causes("bolt", result(1), log, CAUSES), ([], 0))


def summary(passed, failed_names):
    lines = [f"[  PASSED  ] {passed} tests."]
    if failed_names:
        lines.append(f"[  FAILED  ] {len(failed_names)} tests, listed below:")
        lines += [f"[  FAILED  ] {n}" for n in failed_names]
    return "\n".join(lines) + "\n"


class RunResult(unittest.TestCase):
    def test_every_run_of_the_tests_counts(self):
        # A program that calls RUN_ALL_TESTS twice (Bolt's TransformTest: once per run mode).
        once = gtest_log([("A.a", [], "OK"), ("A.b", ["x"], "FAILED")]) + summary(1, ["A.b"])
        res = libraries.run_result({}, 1, once + once, "gtest", "")
        self.assertEqual((res["cases_passed"], res["cases_failed"]), (2, 2))
        self.assertEqual(res["failed_cases"], ["A.b"])

    def test_googletest_verification_is_left_out_of_the_count(self):
        v = "GoogleTestVerification.UninstantiatedParameterizedTestSuite<S>"
        log = gtest_log([("A.a", [], "OK"), (v, ["not instantiated"], "FAILED")]) + summary(1, [v])
        res = libraries.run_result({}, 1, log, "gtest", "")
        self.assertEqual((res["cases_passed"], res["cases_failed"]), (1, 0))
        self.assertEqual(res["status"], "pass")


class Classify(unittest.TestCase):
    def test_all_cases_explained_gives_their_causes(self):
        log = gtest_log([("A.a", ["index (1) is outside the extent (1)"], "FAILED"),
                         ("A.b", ["The MultiCoreCpu version of x"], "FAILED")])
        found = libraries.classify("bolt", result(2), {"run": log}, CAUSES, [])
        self.assertEqual(found, ["own-end-index", "multicore"])

    def test_a_case_nothing_explains_leaves_the_test_unclassified(self):
        log = gtest_log([("A.a", ["index (1) is outside the extent (1)"], "FAILED"),
                         ("A.b", ["wrong value 3, expected 4"], "FAILED")])
        found = libraries.classify("bolt", result(2), {"run": log}, CAUSES, [])
        self.assertEqual(found[0], "unclassified")
        self.assertIn("own-end-index", found)

    def test_an_assignment_names_the_first_cause(self):
        log = gtest_log([("A.a", ["wrong value 3, expected 4"], "FAILED")])
        assign = [("bolt", "Some*", "own-end-index", "evidence")]
        found = libraries.classify("bolt", result(1), {"run": log}, CAUSES, assign)
        self.assertEqual(found, ["own-end-index"])


GTEST_XML = """<?xml version="1.0" encoding="UTF-8"?>
<testsuites tests="3" failures="1">
  <testsuite name="S" tests="3" failures="1">
    <testcase name="a" status="run" result="completed" classname="S" />
    <testcase name="b" status="run" result="skipped" classname="S" />
    <testcase name="test" status="run" result="completed" classname="S/T/5">
      <failure message="x">x</failure>
    </testcase>
  </testsuite>
</testsuites>
"""


class XmlReport(unittest.TestCase):
    """A program whose stdout lost GoogleTest's summary is counted from its XML report."""

    def write(self, text):
        import tempfile
        d = Path(tempfile.mkdtemp())
        (d / "gtest.xml").write_text(text)
        return d / "gtest.xml"

    def test_counts_come_from_the_xml_when_the_log_has_no_summary(self):
        res = libraries.run_result({}, 1, "banner only\n", "gtest", "", self.write(GTEST_XML))
        self.assertEqual((res["cases_passed"], res["cases_failed"]), (1, 1))
        self.assertEqual(res["failed_cases"], ["S/T/5.test"])
        self.assertEqual(res["status"], "run")

    def test_the_log_wins_when_it_has_a_summary(self):
        log = gtest_log([("A.a", [], "OK")]) + "[  PASSED  ] 1 test.\n"
        res = libraries.run_result({}, 0, log, "gtest", "", self.write(GTEST_XML))
        self.assertEqual((res["cases_passed"], res["cases_failed"]), (1, 0))
        self.assertNotIn("cases_from_xml", res)

    def test_a_broken_or_missing_report_counts_nothing(self):
        res = libraries.run_result({}, 1, "banner\n", "gtest", "", self.write("<testsuites"))
        self.assertEqual((res["cases_passed"], res["cases_failed"]), (0, 0))
        self.assertEqual(res["status"], "run")


if __name__ == "__main__":
    sys.exit(unittest.main())
