#!/usr/bin/env python3
"""After a failed ctest run: the last lines of each failed test's output, printed
last, so that a log cut to its tail (CI's excerpt) still shows why each failed.

    scripts/failed_tests_digest.py BUILD_DIR [LINES]
"""
import re
import sys
from pathlib import Path


def main():
    build = Path(sys.argv[1])
    keep = int(sys.argv[2]) if len(sys.argv) > 2 else 25
    tmp = build / "Testing" / "Temporary"
    failed_list = tmp / "LastTestsFailed.log"
    log = tmp / "LastTest.log"
    if not failed_list.exists() or not log.exists():
        return 0
    names = [line.split(":", 1)[1].strip() for line in failed_list.read_text().splitlines() if ":" in line]
    text = log.read_text(errors="replace")
    print(f"\n==== why each failed test failed (last {keep} lines of its last run) ====")
    for name in names:
        # A test's sections, one per try (--repeat): its output sits between the
        # dashes after "Output:" and "<end of output>".
        runs = re.findall(r"Test: " + re.escape(name) + r"\n.*?Output:\n-+\n(.*?)<end of output>", text, re.S)
        print(f"---- {name}")
        if not runs:
            print("(no output recorded)")
            continue
        lines = runs[-1].rstrip("\n").splitlines()
        for line in lines[-keep:]:
            print("  " + line[:400])
    return 0


if __name__ == "__main__":
    sys.exit(main())
