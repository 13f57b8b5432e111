// ampcl's own launches and the OpenCL layer (debug/layer/): under
// ampcl-racecheck both are on, and the runtime's launch hook checks ampcl's
// launches with everything ampcl knows (views, AMP order). Before each, the hook
// tells the layer, if it is loaded, to let the runtime's next kernel enqueue on
// this thread pass unchecked, so no launch is checked twice.
#pragma once

namespace ampcl::debug {

void layer_skips_next_launch();

}  // namespace ampcl::debug
