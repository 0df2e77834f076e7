#pragma once
// JSON output of the tool. Documents are built as nlohmann::ordered_json (keys stay in the order
// they were added) and written here rather than with dump(), so that every floating-point number
// is printed with %.17g (lib/DESIGN.md §5) and a non-finite one, which JSON cannot hold, as null.
#include <string>

#include <nlohmann/json.hpp>

#include "footfall/spatial/types.hpp"

namespace footfall::host {

/// Two-space indentation, one key per line, a final newline.
std::string write_json(const nlohmann::ordered_json& document);

/// [x, y, z]
nlohmann::ordered_json json_vector3(const Vector3<double>& x);

}  // namespace footfall::host
