#!/usr/bin/env bash
# Validates ampcl-c++ on real C++ AMP libraries written by others, with their own test
# suites: HCC's C++ AMP unit tests, AMD's Bolt (the Visual C++ original and HCC's
# Linux port), MulticoreWare's hcBLAS, hcSPARSE and hcRNG, the C++ AMP Algorithms library and
# C++ AMP BLAS. Each corpus is extracted at a pinned commit from a git mirror, given the
# host-only substitutions of tools/validate_amp/substitutions.tsv, built test by test with
# ampcl-c++ (the build steps per corpus are in tools/validate_amp/libraries.py) and run on
# the default OpenCL device. Prints the table (corpus | tests | built | passed | failed (own
# bug) | failed (ampcl) | notes) and the cause of every failure (tools/validate_amp/causes.tsv,
# assign.tsv; minimal reproductions in tests/amp_repro/). docs/validation_amp.md has the result.
#
# Not part of scripts/test.sh: it needs the corpora's repositories and takes an hour or more.
#
#   scripts/validate_libraries.sh [--only CORPUS[,...]] [--tests REGEX] [--jobs N]
#                                 [--device FILTER] [--no-run] [--run-only] [--report-only] [--list]
#
#   --device FILTER   AMPCL_DEVICE for the runs: --device nvidia runs on NVIDIA's OpenCL
#   --run-only        run the programs an earlier run built in the same --work folder
#                     (programs/<test>/prog, inputs in src/, its results.json): builds and
#                     probes nothing and extracts no corpus whose src/ is there, so it runs
#                     where ampcl-c++ cannot (a GPU machine without Clang, given a copy of
#                     the work folder). Tests that build as they run
#                     (HCC's unit tests: lit, compile, compile-fail, link-fail) are reported
#                     as not run; a test the earlier run did not build keeps its verdict
#   --report-only     classify the results already in the work folder again
#
# Environment:
#   AMPCL_BUILD_DIR          build tree holding translate/ampcl-c++ (default: build)
#   AMPCL_VALIDATION_MIRROR  colon-separated folders holding git mirrors, OWNER+NAME/repo,
#                            OWNER+NAME.git or OWNER+NAME (default: /work/.mirror and
#                            ~/.cache/ampcl-validation; a missing one is cloned unless --offline)
#   AMPCL_VALIDATION_WORK    work folder (default /tmp/ampcl-validate-libs): per corpus src/
#                            (the extracted tree), tests/<test>/{build,run}.log, results.json
#
# Needs Debian's libgtest-dev (GoogleTest, for Bolt and the C++ AMP Algorithms library) and
# libboost-dev (Bolt's tests use boost::shared_array and Boost.Iterator).
exec python3 "$(dirname "$0")/../tools/validate_amp/libraries.py" "$@"
