#include "footfall/host/io/json_writer.hpp"

#include <cmath>

#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

void write(const nlohmann::ordered_json& j, int depth, std::string& out) {
  const std::string indent(static_cast<std::size_t>(2 * (depth + 1)), ' ');
  const std::string closing(static_cast<std::size_t>(2 * depth), ' ');
  switch (j.type()) {
    case nlohmann::ordered_json::value_t::object: {
      if (j.empty()) {
        out += "{}";
        return;
      }
      out += "{\n";
      bool first = true;
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (!first) out += ",\n";
        first = false;
        out += indent + nlohmann::ordered_json(it.key()).dump() + ": ";
        write(it.value(), depth + 1, out);
      }
      out += "\n" + closing + "}";
      return;
    }
    case nlohmann::ordered_json::value_t::array: {
      if (j.empty()) {
        out += "[]";
        return;
      }
      // Arrays of numbers on one line; arrays of objects one element per line.
      bool scalars = true;
      for (const auto& e : j) scalars = scalars && !e.is_structured();
      out += scalars ? "[" : "[\n";
      bool first = true;
      for (const auto& e : j) {
        if (!first) out += scalars ? ", " : ",\n";
        first = false;
        if (!scalars) out += indent;
        write(e, depth + 1, out);
      }
      out += scalars ? "]" : "\n" + closing + "]";
      return;
    }
    case nlohmann::ordered_json::value_t::number_float: {
      const double x = j.get<double>();
      out += std::isfinite(x) ? format_exact(x) : "null";
      return;
    }
    default:
      out += j.dump();  // strings (escaped), integers, booleans, null
      return;
  }
}

}  // namespace

std::string write_json(const nlohmann::ordered_json& document) {
  std::string out;
  write(document, 0, out);
  out += "\n";
  return out;
}

nlohmann::ordered_json json_vector3(const Vector3<double>& x) {
  return nlohmann::ordered_json::array({x.x(), x.y(), x.z()});
}

}  // namespace footfall::host
