#pragma once
// Reading the user's input files and checking where the tools may write, with the one-line
// errors of Result: a directory, a device that never ends (/dev/zero) or a file far larger than
// any model, state or scenario is refused instead of read for ever; an output path that is a
// directory, a device, an input of the same run, or in a directory that does not exist is
// refused before any work is done, so a run that fails leaves nothing behind and never writes
// over what it reads.
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "footfall/host/common/result.hpp"

namespace footfall::host {

/// The largest input file the tools read: a URDF of a few hundred links is well under 1 MiB.
inline constexpr std::size_t kMaxInputFileBytes = std::size_t(64) << 20;

/// The whole of the file at `path`, or "<path>: cannot open file", "<path>: is a directory",
/// "<path>: cannot read file" or "<path>: larger than 64 MiB".
Result<std::string> read_input_file(const std::string& path);

/// An input of the run that an output must not overwrite: its path and the option that named it.
struct NamedPath {
  std::string path;    ///< the file's path as the command line gave it ("" matches nothing)
  std::string option;  ///< the option that named it, for the message: "--model", "--scenario"
};

/// Whether the tool may write `path` (named by `option`): it is not a directory or a device, its
/// directory exists, and it is none of `inputs` (nor `path` of another output listed there).
Result<void> check_output_path(const std::string& path, const std::string& option,
                               const std::vector<NamedPath>& inputs);

/// Writes `text` to `path` through a temporary file beside it, renamed into place, so a failed run
/// leaves no partial file and a build never sees one half-written: "<path>: cannot write file".
Result<void> write_output_file(const std::string& path, const std::string& text);

}  // namespace footfall::host
