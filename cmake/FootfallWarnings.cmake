# footfall_warnings: the warning set every footfall target is built with, as errors. Linked
# PRIVATE by footfall's own targets, so a project that uses footfall::core does not inherit it.
add_library(footfall_warnings INTERFACE)
target_compile_options(footfall_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wnon-virtual-dtor
  -Wold-style-cast -Wcast-align -Wdouble-promotion -Werror)
# footfall's own code checks its public headers' shadowing too: the region in which they turn
# -Wshadow off for a user's build (footfall/common/header_diagnostics.hpp) is left out here.
target_compile_definitions(footfall_warnings INTERFACE FOOTFALL_CHECK_HEADER_SHADOWING=1)

# Host sanitizers (the host-asan preset): any report aborts the test that caused it.
if(FOOTFALL_SANITIZE AND NOT FOOTFALL_FIRMWARE)
  target_compile_options(footfall_warnings INTERFACE
    -fsanitize=${FOOTFALL_SANITIZE} -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(footfall_warnings INTERFACE -fsanitize=${FOOTFALL_SANITIZE})
  # What the core leaves unset (kUnset, common/numeric.hpp) is NaN here: a value read before it
  # is written turns its result into NaN, which the tests' comparisons catch.
  target_compile_definitions(footfall_warnings INTERFACE FOOTFALL_POISON_UNSET=1)
endif()
