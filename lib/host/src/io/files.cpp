#include "footfall/host/io/files.hpp"

#include <filesystem>
#include <fstream>
#include <system_error>

#include "footfall/host/io/message_text.hpp"

namespace footfall::host {

namespace fs = std::filesystem;

Result<std::string> read_input_file(const std::string& path) {
  std::error_code error;
  if (fs::is_directory(path, error)) return Error{path + ": is a directory, not a file"};
  std::ifstream file(path, std::ios::binary);
  if (!file) return Error{path + ": cannot open file"};
  // In chunks, up to the limit: a character device or a pipe has no size to ask for first.
  std::string text;
  char chunk[65536];
  while (file.read(chunk, sizeof chunk) || file.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(file.gcount()));
    if (text.size() > kMaxInputFileBytes)
      return Error{path + ": larger than " + std::to_string(kMaxInputFileBytes >> 20) +
                   " MiB: not a model, state or scenario file"};
  }
  if (file.bad()) return Error{path + ": cannot read file"};
  return text;
}

Result<void> check_output_path(const std::string& path, const std::string& option,
                               const std::vector<NamedPath>& inputs) {
  const std::string where = option + " " + path + ": ";
  if (path.empty()) return Error{option + ": an empty path"};
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (fs::exists(status)) {
    if (fs::is_directory(status)) return Error{where + "is a directory"};
    if (!fs::is_regular_file(status)) return Error{where + "exists and is not a regular file"};
    for (const NamedPath& input : inputs)
      if (!input.path.empty() && fs::equivalent(path, input.path, error))
        return Error{where + "is the file " + input.option + " names: choose another output"};
  } else {
    const fs::path parent = fs::path(path).parent_path();
    if (!parent.empty() && !fs::is_directory(parent, error))
      return Error{where + "no directory " + quoted_text(parent.string())};
    // A file that does not exist yet can only clash with another output given the same path.
    for (const NamedPath& input : inputs)
      if (fs::path(input.path).lexically_normal() == fs::path(path).lexically_normal())
        return Error{where + "is the file " + input.option + " names: choose another output"};
  }
  return {};
}

// Writes to a temporary file beside `path` and renames it, so a failed run leaves no partial
// header and a build never sees one half-written.
Result<void> write_output_file(const std::string& path, const std::string& text) {
  const std::string temporary = path + ".tmp";
  {
    std::ofstream file(temporary, std::ios::binary | std::ios::trunc);
    if (!file) return Error{path + ": cannot write file"};
    file << text;
    file.close();
    if (!file) {
      (void)std::remove(temporary.c_str());  // best effort: the write already failed
      return Error{path + ": cannot write file"};
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    (void)std::remove(temporary.c_str());  // best effort: the rename already failed
    return Error{path + ": cannot write file"};
  }
  return {};
}

}  // namespace footfall::host
