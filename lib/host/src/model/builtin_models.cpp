#include "footfall/host/model/builtin_models.hpp"

#include <memory>

#include "footfall/host/io/message_text.hpp"
#include "footfall/models.hpp"

namespace footfall::host {

namespace {

constexpr int kMaxChainLinks = 64;
constexpr int kDefaultChainLinks = 6;

template <typename ModelType, typename BuildFunction>
Result<RobotDescription> describe_builtin(const std::string& name, BuildFunction build) {
  auto model = std::make_unique<ModelType>();
  const Status status = build(model.get());
  if (!status.ok()) return Error{"built-in " + name + ": " + describe_status_field(status.field)};
  return describe_model(*model, name, "built-in " + name);
}

// The N of "chain:N", or −1 when it is not a whole number in 1..64.
int chain_links(const std::string& spec) {
  if (spec == "chain") return kDefaultChainLinks;
  const std::string digits = spec.substr(6);
  if (digits.empty() || digits.size() > 2) return -1;
  int n = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return -1;
    n = 10 * n + (c - '0');
  }
  return n >= 1 && n <= kMaxChainLinks ? n : -1;
}

}  // namespace

bool is_builtin_model_name(const std::string& spec) {
  return spec == "rod2d" || spec == "quadruped" || spec == "biped" || spec == "chain" ||
         spec.rfind("chain:", 0) == 0;
}

Result<RobotDescription> builtin_model(const std::string& spec) {
  if (spec == "rod2d")
    return describe_builtin<Rod2dModel<double>>(spec, [](Rod2dModel<double>* m) { return build_rod2d_model(m); });
  if (spec == "quadruped")
    return describe_builtin<QuadrupedModel<double>>(
        spec, [](QuadrupedModel<double>* m) { return build_quadruped_model(m); });
  if (spec == "biped")
    return describe_builtin<BipedModel<double>>(spec, [](BipedModel<double>* m) { return build_biped_model(m); });
  if (spec == "chain" || spec.rfind("chain:", 0) == 0) {
    const int links = chain_links(spec);
    if (links < 0) return Error{"model " + quoted_text(spec) + ": a chain's length N in chain:N must be 1..64"};
    return describe_builtin<ChainModel<double, kMaxChainLinks>>(
        "chain:" + std::to_string(links),
        [links](ChainModel<double, kMaxChainLinks>* m) { return build_chain_model(links, m); });
  }
  return Error{"model " + quoted_text(spec) + ": not a built-in model (" + kBuiltinModelNames + ")"};
}

}  // namespace footfall::host
