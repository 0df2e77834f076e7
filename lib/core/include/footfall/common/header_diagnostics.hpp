#pragma once
// FOOTFALL_HEADER_BEGIN and FOOTFALL_HEADER_END enclose the code of each public header, so that a
// user's warnings do not fire on footfall's code for what the user's own code chose: with
// -Wshadow, GCC reports a parameter or local of footfall's lambdas and constructors (`k`, `x`,
// `data`, ...) as shadowing a user's namespace-scope variable of the same name, which footfall's
// code never refers to. Inside the region -Wshadow is off; the user's own code, before and after
// it, keeps every warning the user asked for. Every other warning stays on in the region too:
// the headers compile clean under -Wall -Wextra -Wpedantic -Wconversion (tests/consumer).
//
// footfall's own targets define FOOTFALL_CHECK_HEADER_SHADOWING (footfall_warnings,
// cmake/FootfallWarnings.cmake), so its own builds still check the headers' shadowing of their
// own names, with no region.
#if defined(FOOTFALL_CHECK_HEADER_SHADOWING) || !(defined(__GNUC__) || defined(__clang__))
#define FOOTFALL_HEADER_BEGIN
#define FOOTFALL_HEADER_END
#else
#define FOOTFALL_HEADER_BEGIN _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wshadow\"")
#define FOOTFALL_HEADER_END _Pragma("GCC diagnostic pop")
#endif
