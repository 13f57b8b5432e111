// Builds the instrumented programs of a program's other kernels while its first
// kernel runs. A program that made its kernels ahead (clCreateKernel) launches them
// in turn, and the first launch of each waited for the driver's build of its
// instrumented program, one after another; side by side, the later ones are built,
// or under way, when their launches come. A cold checked run is mostly those
// builds (docs/validation_layer.md, "Where the time goes"). Off by default
// (AMPCL_RACECHECK_PREBUILD=1 turns it on): on an H200 the 26 PolyBench/Rodinia
// programs' cold median went from 5.50x to 5.35x, within the runs' noise, since
// NVIDIA's driver builds little in parallel and PoCL's not at all.
#pragma once

#include <CL/cl.h>

#include <ampcl/launch_hook.hpp>
#include <string>
#include <vector>

namespace ampcl::layer {

// At the first launch of `first`'s program on `device`: racecheck_engine::prebuild
// of each of `kernels` (the program's kernels the application made) but `first`'s,
// on worker threads. Later calls for the same program and device do nothing.
void prebuild_siblings(cl_context context, cl_device_id device, const launch_record& first,
                       const std::vector<std::string>& kernels);

}  // namespace ampcl::layer
