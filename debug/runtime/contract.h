/* contract.h: what the race checker's device side (shadow.clh, OpenCL C) and its
 * host side (C++: the instrumenter, the shadow's setup and read-back, the
 * analysis, the reports) must agree on, written once for both. Only the
 * preprocessor is used, so the same text is valid OpenCL C 1.2 and C++17.
 *
 * Adding a hazard class: one row in AMPCL_HAZARD_CLASSES (at the end, so the
 * codes of the others stay), its detection (a __ampcl_report with its code in
 * shadow.clh, or a host-side check) and its rule (debug/analysis/, one small
 * class whose sentence says what happened and how to fix it).
 */
#ifndef AMPCL_RACECHECK_CONTRACT_H
#define AMPCL_RACECHECK_CONTRACT_H

/* Hazard classes, in code order (the device records a class as its row index).
 * X(id, CODE, "name", "rule id", "one line: what the rule checks") */
#define AMPCL_HAZARD_CLASSES(X)                                                                   \
  X(read_after_write, RAW, "read-after-write", "ampcl.raw",                                       \
    "A work-item reads memory another work-item of the tile wrote, with no barrier ordering the " \
    "write before the read.")                                                                     \
  X(write_after_read, WAR, "write-after-read", "ampcl.war",                                       \
    "A work-item overwrites memory another work-item of the tile read, with no barrier "          \
    "ordering the read before the write.")                                                        \
  X(write_after_write, WAW, "write-after-write", "ampcl.waw",                                     \
    "Two work-items of a tile write the same memory with no barrier between the writes.")         \
  X(fence_mismatch, FENCE, "fence-mismatch", "ampcl.fence-mismatch",                              \
    "A barrier separates two accesses but its memory fence does not cover the memory they "       \
    "touch (tile_static vs. global).")                                                            \
  X(uninitialized_read, UNINIT, "uninitialized-read", "ampcl.uninitialized-read",                 \
    "A read of tile_static memory that no work-item of the tile wrote in this launch, or "        \
    "of a global buffer that started uninitialized where no work-item wrote it.")                 \
  X(barrier_divergence, DIVERGE, "barrier-divergence", "ampcl.barrier-divergence",                \
    "Work-items of one tile reach different barriers, or a barrier a different number of "        \
    "times.")                                                                                     \
  X(inter_tile_race, INTER, "inter-tile-race", "ampcl.inter-tile-race",                           \
    "Work-items of different tiles access the same global memory, at least one writing, "         \
    "without atomics; no barrier orders different tiles.")                                        \
  X(out_of_bounds, OOB, "out-of-bounds", "ampcl.out-of-bounds",                                   \
    "An access outside an array/array_view's storage or a tile_static array.")                    \
  X(host_device_race, HOST, "host-device-race", "ampcl.host-device-race",                         \
    "The host touched an array_view's data while a launch using it was still running.")           \
  X(not_checked, UNCHECKED, "not-checked", "ampcl.not-checked",                                   \
    "A kernel the checker could not instrument, build, run to completion or cover whole: its "    \
    "launches were not (fully) checked.")                                                         \
  X(subscript_out_of_range, SUBSCRIPT, "subscript-out-of-range", "ampcl.subscript-out-of-range",  \
    "A subscript outside the declared size of its array dimension (t[r][c] with c past the "      \
    "columns; a private or __constant array indexed past its end), even where the address "       \
    "still falls inside the object.")

/* The form of an access to a buffer each work-item owns (debug/instrument/
 * owned_elements.hpp), __ampcl_gpo's `form`: its mode (0 to 3) in the low bits, the
 * dimensions of its coordinates Y and X, and whether one work-item alone touches
 * the buffer (its guard Y == C). */
#define AMPCL_FORM_MODE_MASK 3u
#define AMPCL_FORM_Y_SHIFT 2
#define AMPCL_FORM_X_SHIFT 4
#define AMPCL_FORM_ALONE 64u

/* Access kinds of an instrumented site; the first four are what an access hook
 * is told. X(id, CODE, value, "name") */
#define AMPCL_ACCESS_KINDS(X)        \
  X(read, READ, 1, "read")           \
  X(write, WRITE, 2, "write")        \
  X(read_write, RW, 3, "read-write") \
  X(atomic, ATOMIC, 4, "atomic")     \
  X(barrier, BARRIER, 5, "barrier")  \
  X(fence, FENCE, 6, "fence")        \
  X(exit, EXIT, 7, "exit")           \
  X(branch, BRANCH, 8, "branch")

/* The parameters the instrumenter appends to the kernel, in order: the shadow
 * buffers the host allocates, binds and reads back.
 * X(index id, parameter name, OpenCL type, host type name, read-only) */
#define AMPCL_EXTRA_PARAMS(X)                         \
  X(ls, __ampcl_ls, __global ulong*, "ulong*", 0)     \
  X(gs, __ampcl_gs, __global ulong*, "ulong*", 0)     \
  X(rec, __ampcl_rec, __global uint*, "uint*", 0)     \
  X(items, __ampcl_items, __global uint*, "uint*", 0) \
  X(cfg, __ampcl_cfg, __global const uint*, "uint*", 1)

/* __ampcl_cfg, uint words: a header, then per tile_static object
 * AMPCL_CFG_LOCAL_WORDS (bytes, log2 granule, shadow entry offset, 0), then per
 * __global object AMPCL_CFG_GLOBAL_WORDS (buffer bytes, span lo, span hi, log2
 * granule, shadow entry offset, shadowed, uninitialized, 0). Uninitialized: the
 * buffer's contents are undefined when the launch starts (a .sim file's noinit), so
 * a read of a granule no work-item wrote is an uninitialized read. */
#define AMPCL_CFG_MAGIC 0
#define AMPCL_CFG_TILE_STRIDE 1
#define AMPCL_CFG_SLOTS 2
#define AMPCL_CFG_SLOT_WORDS 3 /* ulongs of tile_static shadow per checked tile */
#define AMPCL_CFG_REC_CAPACITY 5
#define AMPCL_CFG_UNTILED 6
#define AMPCL_CFG_ITEMS 7
#define AMPCL_CFG_FLAGS 8 /* AMPCL_CFG_REPORT_* bits */
/* __ampcl_gs holds two shadows: the launch's starts at AMPCL_CFG_GS_BASE (ulongs),
 * and its work-items zero the other one's first AMPCL_CFG_GS_ZERO_WORDS words, at
 * AMPCL_CFG_GS_ZERO, as they exit, for the next launch (no fill between launches).
 * On a CPU device, only the pages of it that the launch before marked: each shadow
 * has a page map (a ulong per AMPCL_GS_PAGE_WORDS words, after both shadows), the
 * launch's at AMPCL_CFG_GS_DIRTY past its base, the other's at
 * AMPCL_CFG_GS_ZERO_DIRTY from the buffer's start (both 0: no maps). A work-item
 * marks the page of each entry it may change. A launch of a few work-items then
 * zeroes what the one before used, not every buffer's shadow. (On a GPU a page
 * zeroed by one work-item is uncoalesced stores: there the maps made PolyBench's
 * gramschmidt slower, and every word is zeroed on adjacent ids instead; or, where
 * each work-item would zero many words, the host fills the shadow before the launch
 * and AMPCL_CFG_GS_ZERO_WORDS is 0. shadow_launch.cpp's resolve_zeroing decides.) */
#define AMPCL_CFG_GS_BASE 10
#define AMPCL_CFG_GS_ZERO 11
#define AMPCL_CFG_GS_ZERO_WORDS 12
#define AMPCL_CFG_GS_DIRTY 13
#define AMPCL_CFG_GS_ZERO_DIRTY 14
#define AMPCL_GS_PAGE_SHIFT 8
#define AMPCL_GS_PAGE_WORDS (1u << AMPCL_GS_PAGE_SHIFT)
#define AMPCL_CFG_OBJECTS 16
#define AMPCL_CFG_LOCAL_WORDS 4
#define AMPCL_CFG_GLOBAL_WORDS 8
#define AMPCL_CFG_MAGIC_VALUE 0x41524332u /* "ARC2" */
/* cfg flags: report plain stores of the value memory already holds from another
 * work-item's unordered store as write-after-write (by default they are not) */
#define AMPCL_CFG_REPORT_SAME_VALUE 1u

/* __ampcl_gs: per granule of a shadowed global buffer, 64-bit words: the writer,
 * the reader (the latest accesses, for the order within a tile), and what other
 * tiles did (the first plain reader; the first plain writer and atomic). */
#define AMPCL_G_ENTRY_WORDS 4

/* __ampcl_rec, uint words: a header (count, dropped), scratch for redirected
 * out-of-bounds global accesses, a dedup table (keys, hits, record index), then
 * AMPCL_REC_WORDS per record. */
#define AMPCL_REC_COUNT 0
#define AMPCL_REC_DROPPED 2
#define AMPCL_REC_SCRATCH 8 /* 128 words */
#define AMPCL_REC_HASH 1024u
#define AMPCL_REC_KEYS 136
#define AMPCL_REC_HITS (AMPCL_REC_KEYS + AMPCL_REC_HASH)
#define AMPCL_REC_INDEX (AMPCL_REC_HITS + AMPCL_REC_HASH)
#define AMPCL_REC_FIRST (AMPCL_REC_INDEX + AMPCL_REC_HASH)
#define AMPCL_REC_WORDS 8
/* One record, word by word. Word 0 holds the class and, from bit 8, the memory
 * (AMPCL_MEM_*). Items: tile_static, local linear ids; global, global linear
 * ids; out-of-bounds, the work-item then the byte offset; subscript-out-of-range,
 * the work-item (tile_static: local linear id, else global) then the subscript, with
 * the dimension's size as the object.
 * X(field, word) */
#define AMPCL_RECORD_FIELDS(X) \
  X(kind_memory, 0)            \
  X(site_first, 1)             \
  X(site_second, 2)            \
  X(tile, 3)                   \
  X(item_first, 4)             \
  X(item_second, 5)            \
  X(epoch, 6)                  \
  X(object, 7)
#define AMPCL_MEM_LOCAL 0u
#define AMPCL_MEM_GLOBAL 1u
#define AMPCL_MEM_EXIT                                            \
  2u /* from the exit comparison: items are global ids, epoch and \
        object the two barrier counts (epoch AMPCL_UNKNOWN_ITEM: not known) */
/* Subscript records only (AMPCL_HZ_SUBSCRIPT): the array is private or __constant. */
#define AMPCL_MEM_PRIVATE 3u
#define AMPCL_MEM_CONSTANT 4u
#define AMPCL_UNKNOWN_ITEM 0xFFFFFFFFu
#define AMPCL_UNKNOWN_LOCAL_ITEM 0xFFFFu
/* A tile's async copy (async_work_group_copy, async_work_group_strided_copy)
 * accesses memory for the tile, not for one work-item: its shadow words and
 * records name it as this item (tile_static), or as this bit with the tile (global). */
#define AMPCL_COPY_LOCAL_ITEM 0xFFFEu
#define AMPCL_COPY_ITEM_BIT 0x80000000u

/* __ampcl_items, in programs whose barrier flags can differ between work-items
 * (shadow.clh, AMPCL_MIXED_FENCES): per work-item AMPCL_ITEM_WORDS, the epochs of
 * its latest local fences (words 0, 1) and global fences (2, 3) by barrier parity. */
#define AMPCL_ITEM_WORDS 4
#define AMPCL_ITEM_LOCAL_FENCE 0
#define AMPCL_ITEM_GLOBAL_FENCE 2

/* __local memory the kernel prologue declares besides the shadow: scratch for
 * redirected out-of-bounds accesses, the vote words, and per tile_static object
 * (the first AMPCL_MAX_WRITTEN_WORDS) how many of its granules were written (at
 * least one word). The vote words (8-byte aligned): three rotating vote slots of 4,
 * then the tile's exit reference: a 64-bit claim (the digest of how the first
 * work-item to exit got there, and its local id), then that work-item's barriers
 * passed, the site it names and a flag set once those two are written. */
#define AMPCL_SCRATCH_ULONGS 64
#define AMPCL_VOTE_EXIT_CLAIM 12
#define AMPCL_VOTE_EXIT_BARRIERS 14
#define AMPCL_VOTE_EXIT_SITE 15
#define AMPCL_VOTE_EXIT_READY 16
#define AMPCL_VOTE_WORDS 18
#define AMPCL_MAX_WRITTEN_WORDS 32

#endif
