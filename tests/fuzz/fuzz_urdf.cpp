// Fuzzes the URDF importer (host/urdf/urdf_import.hpp) and the model it builds: the bytes are a
// URDF document (the seed corpus holds the examples' robots). Any document must give a model or a
// one-line error naming the source; a model must build into the host tool's capacities or say it
// does not fit. Heap use is allowed here (urdfdom and the host side allocate); crashes, hangs,
// sanitizer reports and multi-line or empty errors are failures.
#include <string>

#include "footfall/host/info/model_info.hpp"
#include "footfall/host/model/capacity.hpp"
#include "footfall/host/urdf/urdf_import.hpp"
#include "fuzz_support.hpp"

namespace {

using footfall::fuzz::require;

void require_one_line(const std::string& message) {
  require(!message.empty(), "an empty error message");
  require(message.find('\n') == std::string::npos, "an error message over more than one line");
  require(message.rfind("<fuzz>", 0) == 0, "an error message that does not name the document");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string xml(reinterpret_cast<const char*>(data), size);
  footfall::host::UrdfImportOptions options;
  options.floating_base = (data[0] & 1u) != 0;
  options.repair_inertia = (data[0] & 2u) != 0;
  options.mimic = (data[0] & 4u) != 0 ? footfall::host::MimicJoints::kLock
                  : (data[0] & 8u) != 0 ? footfall::host::MimicJoints::kFree
                                        : footfall::host::MimicJoints::kRefuse;
  const auto imported = footfall::host::import_urdf_string(xml, "<fuzz>", options);
  if (!imported.ok()) {
    require_one_line(imported.error());
    return 0;
  }
  // The model at the smallest capacity that holds it, in both scalars, read back.
  const auto capacity = footfall::host::choose_capacity("auto", imported.value());
  if (!capacity.ok()) {
    require(!capacity.error().empty() && capacity.error().find('\n') == std::string::npos, "a bad capacity error");
    return 0;
  }
  for (const auto scalar : {footfall::host::Scalar::kDouble, footfall::host::Scalar::kFloat}) {
    const auto info = footfall::host::model_info(imported.value(), capacity.value(), scalar);
    if (info.ok())
      require(info.value().bodies.size() == imported.value().bodies.size(), "the built model lost bodies");
    else
      require(!info.error().empty() && info.error().find('\n') == std::string::npos, "a bad build error");
  }
  return 0;
}
