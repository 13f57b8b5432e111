// Every AMPCL_* environment variable that ampcl's C++ reads, declared once: the
// readers go through settings.hpp, docs/settings.md is printed from these rows
// (ampcl-settings-doc; the settings_doc test compares them) and the
// settings_readers test refuses any other reader of an AMPCL_ variable.
//
// Adding a variable: one row here, read it with settings::number/text/...(id::x),
// then rebuild and run `build/tools/settings_doc/ampcl-settings-doc > docs/settings.md`.
//
// X(id, "NAME", kind, lo, hi, "spec", "default", component, "one line of documentation")
//   kind: flag (anything but 0 is on), bit (0 or 1), whole (lo..hi), mib (whole
//   MiB, lo..hi), seconds (above 0), choice (spec: "a|b c|d", space-separated
//   aliases), path (spec: the words that mean none), text (spec: what it takes),
//   numbers (lo..hi comma-separated whole numbers; spec: what they must be),
//   handles (hexadecimal handles separated by spaces).
//   default: what applies when the variable is unset or empty (documentation;
//   the reader's own constant, which tests compare where it is one).
// clang-format off
#define AMPCL_SETTINGS(X) \
  X(device, "AMPCL_DEVICE", text, 0, 0, "a device filter: an index, opencl:P:D, gpu, cpu, accelerator, or part of a platform or device name", "the first GPU, else the first CPU", runtime, \
    "The default accelerator (`AMPCL_DEVICE=nvidia`, `cpu`, `opencl:0:1`); one no device matches is an error that lists the devices.") \
  X(cache_dir, "AMPCL_CACHE_DIR", path, 0, 0, "off OFF 0", "`$XDG_CACHE_HOME/ampcl` when that is absolute, else `~/.cache/ampcl`", runtime, \
    "Where compiled kernel binaries are kept between runs; `off` (or `0`) keeps programs in memory only.") \
  X(cache_binaries, "AMPCL_CACHE_BINARIES", choice, 0, 0, "auto|always|never", "auto", runtime, \
    "Whether programs built from source go to the disk cache: `auto` does so except where the driver keeps its own builds (PoCL with its kernel cache on, whose binaries cost a second compile), `always`, `never`.") \
  X(log, "AMPCL_LOG", choice, 0, 0, "off 0|error|warn warning|info 1|debug 2", "warn", runtime, \
    "What the runtime writes to stderr: `info` adds each build, disk-cache load and kernel creation, `debug` every copy; a bad value is a warning and `warn` applies.") \
  X(racecheck, "AMPCL_RACECHECK", flag, 0, 0, "", "off", runtime, \
    "Any value but `0` turns the race-detecting debug mode on for every launch (`ampcl-racecheck` sets it).") \
  X(racecheck_plugin, "AMPCL_RACECHECK_PLUGIN", path, 0, 0, "", "`libampcl_racecheck.so` beside `libampcl.so`", runtime, \
    "The race-check plugin that `AMPCL_RACECHECK` loads (read by the runtime and by `ampcl-racecheck`).") \
  X(staging, "AMPCL_STAGING", choice, 0, 0, "auto|always|never", "auto", transfers, \
    "How copies of 4 MiB and more travel: `auto` (the pinned ring, or mapping where the device shares memory), `always` the ring, `never` straight.") \
  X(staging_chunk_mb, "AMPCL_STAGING_CHUNK_MB", mib, 1, 1024, "", "8", transfers, \
    "The size of one pinned staging buffer of the ring.") \
  X(staging_buffers, "AMPCL_STAGING_BUFFERS", whole, 1, 64, "", "8", transfers, \
    "The pinned staging buffers of the ring, per queue.") \
  X(copy_threads, "AMPCL_COPY_THREADS", whole, 1, 256, "", "16, at most the cores there are", transfers, \
    "The memcpy threads that fill and empty the staging buffers, the caller's included.") \
  X(copy_stores, "AMPCL_COPY_STORES", choice, 0, 0, "streaming|cached", "streaming", transfers, \
    "Whether those threads write around the cache (`streaming`) or through it (`cached`).") \
  X(register_after, "AMPCL_REGISTER_AFTER", whole, 0, 1000000, "", "4 on NVIDIA's platform, 0 (never) elsewhere", transfers, \
    "Host memory copied this many times is registered with the driver, its copies then skip the ring; `0` never.") \
  X(gemm_params, "AMPCL_GEMM_PARAMS", numbers, 5, 6, "a valid tiling BM,BN,BK,TM,TN[,WX] (TM, TN, BK multiples of 4 dividing BM, BN; at most 1024 work-items; e.g. 128,128,16,8,8)", "the device's row in lib/algorithms/tuning.cpp", kernel_library, \
    "SGEMM's tiling, replacing the per-device choice (docs/tuning.md).") \
  X(transpose_params, "AMPCL_TRANSPOSE_PARAMS", numbers, 3, 3, "TILE,ROWS,VEC (VEC 1 or 4, TILE a multiple of ROWS and VEC, at most 1024 work-items and 48 KiB of local memory)", "the GPU kernel on GPUs, the CPU kernel on CPUs", kernel_library, \
    "The GPU transpose kernel at this tile, on any device (docs/tuning.md).") \
  X(transpose_cpu, "AMPCL_TRANSPOSE_CPU", numbers, 6, 6, "ROWS,COLS,GX,GY,NT,WALK (ROWS and COLS multiples of 16, GX*GY at most 1024, NT and WALK 0, 1 or 2)", "the device's row in lib/algorithms/tuning.cpp", kernel_library, \
    "The CPU transpose kernel's shape (docs/tuning.md).") \
  X(racecheck_report, "AMPCL_RACECHECK_REPORT", path, 0, 0, "", "none: kernels left unchecked are named on stderr", racecheck, \
    "The file the checker (plugin or layer) appends its findings to, as JSON lines; `ampcl-racecheck` sets it and reads it.") \
  X(racecheck_shadow_mb, "AMPCL_RACECHECK_SHADOW_MB", mib, 0, 1048576, "", "a quarter of the device's memory, at most half its largest allocation (CL_DEVICE_MAX_MEM_ALLOC_SIZE); 512 where the device does not say", racecheck, \
    "The shadow-memory budget of one launch; larger launches are checked on a subset of tiles, and the report says so.") \
  X(racecheck_timeout_s, "AMPCL_RACECHECK_TIMEOUT_S", seconds, 0, 0, "", "120", racecheck, \
    "The watchdog on one checked launch.") \
  X(racecheck_build_timeout_s, "AMPCL_RACECHECK_BUILD_TIMEOUT_S", seconds, 0, 0, "", "600", racecheck, \
    "The watchdog on the build of one instrumented kernel.") \
  X(racecheck_in_flight_mb, "AMPCL_RACECHECK_IN_FLIGHT_MB", mib, 0, 1048576, "", "64", racecheck, \
    "A checked launch with no more shadow than this is finished while the next one runs; `0` finishes each before the next.") \
  X(racecheck_shadow_zeroing, "AMPCL_RACECHECK_SHADOW_ZEROING", choice, 0, 0, "auto|items|pages|host", "auto", racecheck, \
    "How the global shadow is made zero for each launch: `items` (the launch before zeroes it as its work-items exit), `pages` (only the pages it marked), `host` (a fill command before the launch); `auto`: `pages` on CPU devices, else `items`, or `host` for a launch of few work-items over a large shadow.") \
  X(racecheck_local_shadow, "AMPCL_RACECHECK_LOCAL_SHADOW", bit, 0, 0, "", "1", racecheck, \
    "`0` keeps the tile_static shadow in global memory even where local memory has room for it.") \
  X(racecheck_owned, "AMPCL_RACECHECK_OWNED", bit, 0, 0, "", "1", racecheck, \
    "`0` gives every written global buffer a shadow, even one whose every access the instrumenter found to touch only the work-item's own elements (checked for bounds and form alone otherwise).") \
  X(racecheck_report_same_value, "AMPCL_RACECHECK_REPORT_SAME_VALUE", bit, 0, 0, "", "0", racecheck, \
    "`1` reports races between stores of the same value (`ampcl-racecheck --report-same-value-writes`).") \
  X(racecheck_uninitialized, "AMPCL_RACECHECK_UNINITIALIZED", handles, 0, 0, "", "none", racecheck, \
    "Internal, set by the `.sim` launcher: buffers whose contents are undefined, so reads nothing wrote are reported; a bad list is a warning and is ignored.") \
  X(racecheck_runtime, "AMPCL_RACECHECK_RUNTIME", path, 0, 0, "", "the built-in debug/runtime/shadow.clh", racecheck, \
    "For developing the checker: a file used instead of the device runtime, to measure variants without a rebuild.") \
  X(instrument_tool, "AMPCL_INSTRUMENT_TOOL", path, 0, 0, "", "`ampcl-instrument` beside the plugin, in `../libexec/ampcl`, or the installed one", racecheck, \
    "The instrumenter the checker runs.") \
  X(racecheck_sources, "AMPCL_RACECHECK_SOURCES", path, 0, 0, "", "`ampcl-racecheck-sources` beside the report (else in the current folder)", racecheck, \
    "Where the layer keeps the sources of the programs it checks, which reports point at.") \
  X(racecheck_layer, "AMPCL_RACECHECK_LAYER", path, 0, 0, "", "`libampcl_racecheck_layer.so` beside ampcl-racecheck, else the build's", racecheck_tool, \
    "The OpenCL layer `ampcl-racecheck` puts in `OPENCL_LAYERS` to check programs without ampcl.") \
  X(sim_max_bytes, "AMPCL_SIM_MAX_BYTES", whole, 0, 18446744073709551615ull, "", "17179869184 (16 GiB)", racecheck_tool, \
    "The most bytes one argument of a `.sim` launch file may have (its data is built in host memory first).") \
  X(sim_repeat, "AMPCL_SIM_REPEAT", whole, 0, 1000000, "", "none timed", racecheck_tool, \
    "For benchmarks: N more launches of a `.sim` kernel after the first and one untimed; their mean goes to stderr as `ampcl-sim-time-ms`.") \
  X(sim_wait, "AMPCL_SIM_WAIT", choice, 0, 0, "each|end", "each", racecheck_tool, \
    "Those launches each waited for, or (`end`) made back to back and waited for once.") \
  X(link_cxx, "AMPCL_LINK_CXX", text, 0, 0, "a program name or path", "c++", translator, \
    "The C++ compiler `ampcl-c++` links programs with.") \
  X(lib_dir, "AMPCL_LIB_DIR", path, 0, 0, "", "the build's or installation's library folder", translator, \
    "A folder `ampcl-c++` searches first for `libampcl` and `libampcl_amp` (and puts in the program's run path).") \
  X(amp_include, "AMPCL_AMP_INCLUDE", path, 0, 0, "", "the build's or installation's compatibility headers", translator, \
    "A folder used instead of `<amp.h>` and the other compatibility headers.") \
  X(clang_resource_dir, "AMPCL_CLANG_RESOURCE_DIR", path, 0, 0, "", "the installed copy, else the build machine's Clang 14", translator, \
    "Clang 14's resource directory (`include/stddef.h`, `include/opencl-c.h`) for `ampcl-c++` and `ampcl-instrument`.")
// clang-format on
