# The API reference: Doxygen over the public headers of the core (lib/core/include) and the host
# library (lib/host/include), built by the `docs` target into <build>/docs/html. Everything in a
# `detail` namespace is left out: it is not the API. Every public entry point, type, field and
# enumerator must carry a comment (/// before it, or ///< after a member), and the build fails
# on any warning, so an undocumented addition fails CI (cmake/run-tests.sh builds this target
# in host-release). The warnings are also written to <build>/docs/warnings.log.
# Needs Debian's `doxygen` (cmake/install-deps.sh); without it there is no `docs` target.
find_package(Doxygen QUIET)
if(NOT DOXYGEN_FOUND)
  message(STATUS "footfall: doxygen not found, so no `docs` target (apt-get install doxygen)")
  return()
endif()

set(DOXYGEN_PROJECT_NAME footfall)
set(DOXYGEN_PROJECT_BRIEF "Contact forces and foot-strike impulses for legged-robot firmware")
set(DOXYGEN_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR}/docs)
set(DOXYGEN_FILE_PATTERNS *.hpp)
set(DOXYGEN_RECURSIVE YES)
set(DOXYGEN_STRIP_FROM_PATH ${PROJECT_SOURCE_DIR}/lib/core/include ${PROJECT_SOURCE_DIR}/lib/host/include)
set(DOXYGEN_STRIP_FROM_INC_PATH ${DOXYGEN_STRIP_FROM_PATH})
set(DOXYGEN_EXCLUDE_SYMBOLS detail *::detail)
set(DOXYGEN_EXTRACT_ALL NO)
set(DOXYGEN_EXTRACT_PRIVATE NO)
set(DOXYGEN_HIDE_UNDOC_MEMBERS NO)
set(DOXYGEN_WARN_IF_UNDOCUMENTED YES)
set(DOXYGEN_WARN_IF_DOC_ERROR YES)
set(DOXYGEN_WARN_NO_PARAMDOC NO)
set(DOXYGEN_WARN_AS_ERROR FAIL_ON_WARNINGS)
set(DOXYGEN_WARN_LOGFILE ${PROJECT_BINARY_DIR}/docs/warnings.log)
set(DOXYGEN_QUIET YES)
set(DOXYGEN_HAVE_DOT NO)
set(DOXYGEN_GENERATE_HTML YES)
set(DOXYGEN_GENERATE_LATEX NO)
set(DOXYGEN_GENERATE_TREEVIEW YES)
set(DOXYGEN_DISTRIBUTE_GROUP_DOC YES)
set(DOXYGEN_JAVADOC_AUTOBRIEF YES)
# The macros that mark inlining and the headers' diagnostic guards, expanded to what they mean
# to a reader, so that Doxygen parses the declarations behind them.
set(DOXYGEN_MACRO_EXPANSION YES)
set(DOXYGEN_EXPAND_ONLY_PREDEF YES)
set(DOXYGEN_PREDEFINED
    "FOOTFALL_INLINE=inline" "FOOTFALL_NOINLINE=" "FOOTFALL_COLD="
    "FOOTFALL_HEADER_BEGIN=" "FOOTFALL_HEADER_END=")
set(DOXYGEN_USE_MDFILE_AS_MAINPAGE ${PROJECT_SOURCE_DIR}/lib/API.md)

doxygen_add_docs(docs
  ${PROJECT_SOURCE_DIR}/lib/API.md
  ${PROJECT_SOURCE_DIR}/lib/core/include
  ${PROJECT_SOURCE_DIR}/lib/host/include
  COMMENT "Doxygen: the API reference of the public headers (build/<preset>/docs/html)")
