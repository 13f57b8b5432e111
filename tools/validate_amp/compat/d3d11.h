// Empty stand-in (validate_amp compat): the sample guards its Direct3D code with
// #if defined(D3D_FEATURE_LEVEL_11_1), which stays undefined here.
#pragma once
