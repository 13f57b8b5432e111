#!/usr/bin/env python3
"""Applies the host-only substitutions of tools/validate_amp/substitutions.tsv to a program
extracted by scripts/validate_amp.sh or scripts/validate_libraries.sh.

    substitute.py [--table FILE] ROOT CORPUS

ROOT is the extracted tree, CORPUS the program's or corpus's id (the table's first column).
Each row of the table replaces the literal text FROM with TO in each file under ROOT that
matches the FILE glob; '\\n', '\\r' and '\\t' in FROM and TO stand for a newline, a carriage return and a tab. A row whose
FROM is found in no file is an error (it names the row): the program changed, or the row is
stale. Prints one line a row applied. Exit status 0 when every row applied, 1 otherwise.

The table holds no lines of the programs beyond the few words each edit replaces; no
patch file carries their code.
"""
import argparse
import sys
from pathlib import Path

TABLE = Path(__file__).resolve().parent / "substitutions.tsv"


def unescape(s):
    return s.replace("\\r", "\r").replace("\\n", "\n").replace("\\t", "\t")


def rows(table, corpus):
    """The rows for CORPUS: (line number, file glob, from, to, reason)."""
    out = []
    for n, line in enumerate(Path(table).read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        f = line.split("\t")
        if len(f) != 5:
            raise SystemExit(f"{table}:{n}: {len(f)} tab-separated fields, expected 5")
        if f[0] == corpus:
            out.append((n, f[1], unescape(f[2]), unescape(f[3]), f[4]))
    return out


def apply(root, corpus, table=TABLE, log=sys.stdout):
    """Applies CORPUS's rows under ROOT; returns the rows that matched nothing."""
    root = Path(root)
    missing = []
    for n, glob, old, new, reason in rows(table, corpus):
        hits = 0
        for p in sorted(root.glob(glob)):
            if not p.is_file():
                continue
            with open(p, encoding="latin-1", newline="") as f:  # bytes as they are, CRLF kept
                text = f.read()
            k = text.count(old)
            if k:
                with open(p, "w", encoding="latin-1", newline="") as f:
                    f.write(text.replace(old, new))
                hits += k
        if hits == 0:
            missing.append((n, glob, old))
            print(f"substitutions.tsv:{n}: '{old[:60]}' not found in {glob}", file=log)
        else:
            print(f"substitutions.tsv:{n}: {glob}: {hits}x ({reason})", file=log)
    return missing


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--table", default=str(TABLE))
    ap.add_argument("root")
    ap.add_argument("corpus")
    a = ap.parse_args()
    return 1 if apply(a.root, a.corpus, a.table) else 0


if __name__ == "__main__":
    sys.exit(main())
