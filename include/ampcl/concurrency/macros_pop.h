// The end of a public compatibility header: min and max as the user had them
// (macros_push.h).
#pragma pop_macro("max")
#pragma pop_macro("min")
