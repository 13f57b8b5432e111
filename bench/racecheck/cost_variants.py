#!/usr/bin/env python3
"""Writes variants of the shadow runtime (debug/runtime/shadow.clh) for
AMPCL_RACECHECK_RUNTIME, each with families of hooks made no-ops, so that timing
them splits the debug mode's cost (bench/racecheck/cost_breakdown.sh). They check
nothing: for measuring only.

usage: cost_variants.py SHADOW_CLH OUT_DIR   (prints the variants' names)
  base     the runtime as it is
  noqp     quiet reads free (__ampcl_lqp_in returns at once)
  noput    tile_static stores unchecked (quiet ones included)
  nogp     __global accesses unchecked
  gbounds  __global accesses bounds-checked only (no shadow)
  nox      __global accesses not compared between tiles (no __ampcl_xcheck)
  nogw     __global accesses not compared within the tile (no writer/reader words)
  nosub    subscripts unchecked
  nobar    barriers count epochs only (no fence or written-object bookkeeping)
  noexit   no exit records
  nozero   the tile_static shadow not zeroed
  xnoload  __ampcl_xcheck without its load of the between-tiles word it does not
           note (taken as empty: inexact, measures the load)
  xplain   __ampcl_xcheck notes a write with a plain store, no compare-exchange
           (inexact, measures the atomic)
  slowinline  the checks' slow paths inline at every access (as before 2026-11-30)
  gslowcall  the __global slow path out of line in tiled tile_static kernels too
  static   the runtime's functions static, but those that call barrier() (miscompiled
           by PoCL 3.1: docs/validation_layer.md)
  nogzero  the next launch's __global shadow not zeroed (as each work-item exits)
  noinitbar  no barrier at the end of __ampcl_init
  c1..c8   cumulative, in that order from noqp: c1 = noqp + noput, c2 = c1 + nogp,
           c3 = c2 + nosub, c4 = c3 + nobar, c5 = c4 + noexit, c6 = c5 + nozero,
           c7 = c6 + nogzero, c8 = c7 + noinitbar (the prologue's own cost)
  floor    all of them (= c6): the launch with its extra arguments and nothing checked
  putcmp   noqs, and a tile_static store compares values after every store, its own
           included (the runtime before 910a0a3)
  noqs     quiet stores checked as any other store (the runtime before quiet stores)
  nolock   noqs, and tile_static stores publish their word without the lock that makes the
           value comparison exact (checks inexactly: bounds the lock's cost)
putcmp and nolock change the checked store, which quiet stores (the benchmark kernels')
bypass: both include noqs, and compare with it.
noput, nobar and nozero are no measure alone: without store checks or the barrier's
bookkeeping no object is ever written everywhere (every quiet read takes the
checked copy, and unchecked stores leave reads reported uninitialized), and
without zeroing the shadow stale words are reported. Use them through c1..c6.
"""
import pathlib
import re
import sys
src = pathlib.Path(sys.argv[1]).read_text()
out = pathlib.Path(sys.argv[2]); out.mkdir(parents=True, exist_ok=True)

def after(text, anchor, insert):
    i = text.index(anchor)
    j = text.index("{", i) + 1
    return text[:j] + insert + text[j:]

V = {}
V["noput"] = lambda t: after(after(t, "__local void* __ampcl_lp_in(", " if (kind == AMPCL_K_PUT) return p;"),
                             "ulong __ampcl_lqput(", " __ampcl_lstore((__local uchar*)p, bytes, v); return v;")
V["noqp"] = lambda t: after(t, "__local void* __ampcl_lqp_in(", " return p;")
V["nogp"] = lambda t: after(t, "__global void* __ampcl_gp(", " return p;")
V["gbounds"] = lambda t: replaced(t, "  if (kind == AMPCL_K_PENDING || !c->gshadowed[gg] || (!c->ls && !c->untiled)) return p;", "  return p;")
V["nox"] = lambda t: replaced(t, "  if (what & AMPCL_GS_X) __ampcl_xcheck(c, w + 2, kind, site, obj);", "")
V["nogw"] = lambda t: replaced(replaced(t, "    const int quick = !put && __ampcl_gcheck_quick(c, w, checked, site);",
                                        "    const int quick = !put;"), """  else if ((what & AMPCL_GS_FULL) && kind == AMPCL_K_ATOMIC_READ)
    __ampcl_gatomic_read(c, w, site, obj);
  else if (what & AMPCL_GS_FULL)
    __ampcl_gcheck_full(c, w, w + 1, kind, site, obj);""", "")
V["nosub"] = lambda t: after(t, "long __ampcl_subscript(", " return i;")
V["noexit"] = lambda t: after(t, "void __ampcl_exit(ampcl_ctx* c, uint site)", " return;")
V["nobar"] = lambda t: after(t, "void __ampcl_after_barrier(", " c->ea++; return;")
V["nozero"] = lambda t: t.replace("for (uint i = c->me; i < AMPCL_LSH_WORDS; i += c->tile_size) lsh[i] = 0UL;", "")
V["xnoload"] = lambda t: replaced(t, "  if (!reads) now.x = ((volatile __global ulong*)x)[0];", "  if (!reads) now.x = 0UL;")
V["xplain"] = lambda t: replaced(t, "  ulong seen = atom_cmpxchg(xwa, 0UL, atomic ? first << 32 : first);",
                                 "  ulong seen = 0UL; *xwa = atomic ? first << 32 : first;")
V["slowinline"] = lambda t: "#define AMPCL_LSLOW_OUT_OF_LINE 0\n#define AMPCL_GSLOW_OUT_OF_LINE 0\n" + t
V["gslowcall"] = lambda t: "#define AMPCL_GSLOW_OUT_OF_LINE 1\n" + t
def static(t):  # every runtime function static but those that call barrier() (PoCL 3.1 crashed)
    barriers = ("__ampcl_init(", "__ampcl_wait_end(", "__ampcl_uniform_value(", "__ampcl_uniform(",
                "__ampcl_copy_uniform(", "__ampcl_events_uniform(")
    out = []
    for line in t.split("\n"):
        m = re.match(r"^(AMPCL_RARE |AMPCL_LSLOW |AMPCL_GSLOW )?(?:const )?(?:__local |__global |AMPCL_LS_SPACE )?(?:void|ulong|uint|int|long|ulong2)\*? ?\*?\s*__ampcl_\w+\(", line)
        if m and not any(b in line for b in barriers):
            line = line.replace(m.group(1), m.group(1) + "static ", 1) if m.group(1) else "static " + line
        out.append(line)
    return "\n".join(out)
V["static"] = static
V["nogzero"] = lambda t: replaced(t, "  if (zero_words) __ampcl_zero_marked(", "  if (0) __ampcl_zero_marked(")
V["noinitbar"] = lambda t: replaced(t, """    for (int i = 0; i < AMPCL_WRITTEN_WORDS; ++i) written[i] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);""", """    for (int i = 0; i < AMPCL_WRITTEN_WORDS; ++i) written[i] = 0;
  }""")
PUT_LOCKED = """    if (old != AMPCL_W_LOCKED && atom_cmpxchg(w, old, AMPCL_W_LOCKED) == old) {"""
PUT_OWN = """      int same = 0;
      if (!(old & AMPCL_W_VALID) || __ampcl_lw_item(old) != c->me) {
        mem_fence(AMPCL_LS_FENCE);
        same = (!(old & AMPCL_W_VALID) || (old & AMPCL_L_PUT)) && __ampcl_lbits(a, bytes) == bits;
      }"""
def replaced(t, old, new):  # the first occurrence: __ampcl_lput_one's
    assert old in t, old
    return t.replace(old, new, 1)
V["noqs"] = lambda t: after(t, "ulong __ampcl_lqput(", " return __ampcl_lput(c, p, bytes, obj, site, v);")
V["putcmp"] = lambda t: replaced(V["noqs"](t), PUT_OWN, """      mem_fence(AMPCL_LS_FENCE);
      const int same = (!(old & AMPCL_W_VALID) || (old & AMPCL_L_PUT)) &&
                       __ampcl_lbits(a, bytes) == bits;""")
V["nolock"] = lambda t: replaced(replaced(V["noqs"](t), PUT_LOCKED, "    if (1) {"), PUT_OWN, "      const int same = 0;")
def floor(t):
    for k in ["noput", "noqp", "nogp", "nosub", "noexit", "nobar", "nozero"]:
        t = V[k](t)
    return t
V["floor"] = floor
order = ["noqp", "noput", "nogp", "nosub", "nobar", "noexit", "nozero", "nogzero", "noinitbar"]
for i in range(1, len(order)):
    V["c%d" % i] = (lambda ks: (lambda t: [t := V[k](t) for k in ks][-1]))(order[:i + 1])
(out / "base.clh").write_text(src)
for name, f in V.items():
    t = f(src)
    assert t != src, name
    (out / f"{name}.clh").write_text(t)
print(" ".join(["base"] + list(V)))
