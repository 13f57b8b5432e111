// Where the layer's findings go. Under ampcl-racecheck: the JSON-lines file it
// reads back (AMPCL_RACECHECK_REPORT), hazards and the launch journal, as the
// ampcl plugin writes them (several processes append to one file). Loaded by
// hand (OPENCL_LAYERS set without the tool): a text report on standard error
// at exit.
//
// A kernel written as a string has no file, so each checked program's source is
// written to AMPCL_RACECHECK_SOURCES (ampcl-racecheck puts that folder next to
// its report; default ./ampcl-racecheck-sources) under its stable label, and
// reports point into that file: lines count within the program's source, and
// #line directives in it name the user's own files instead.
#pragma once

#include <string>
#include <vector>

#include "hazard.hpp"
#include "hazards_jsonl.hpp"
#include "registry.hpp"

namespace ampcl::layer {

void start_reporting();  // once, when the layer is initialised

void report(const std::vector<debug::hazard>& found);
void report(const debug::hazard& found);
// A kernel's not_checked reports come once per kernel, program and reason.
void report_unchecked_once(const debug::hazard& h);
// The launch journal: announce() before a checked launch is built and run,
// close() once its records were analysed (or it was reported not checked).
std::string announce_launch(const std::string& kernel, const std::string& source);
void close_launch(const std::string& id);

// The path of the file holding the program's source, written on first use.
std::string source_file_for(const program_info& program);

// Prints the text report of everything found (standalone use), once: at exit,
// after the last launches were finished (finisher.cpp), or at the layer's own
// exit handler when no launch was.
void print_report_at_exit();

}  // namespace ampcl::layer
