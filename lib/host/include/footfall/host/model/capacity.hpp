#pragma once
// Compile-time capacities for the host tool. The core sizes a Model and a Workspace at compile
// time, so a tool that reads robots at run time instantiates a fixed set of capacities and picks
// one per robot: the smallest that holds it ("auto"), or the one the user names ("13x18"). The
// sizes it reports (sizeof the core's Model and Workspace) are those a firmware build of that
// capacity and scalar has.
#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// A compile-time capacity of the core's Model and Workspace, Model<S, bodies, dofs>: written
/// "<bodies>x<dofs>" (`--capacity 13x18`).
struct Capacity {
  int bodies;  ///< the most bodies a model may have
  int dofs;    ///< the most velocity coordinates (nv) a model may have
};

/// Bodies x DOFs: rod2d; small arms; the reference quadruped and biped; larger legged robots and
/// humanoids; the longest reference chain.
inline constexpr Capacity kCapacities[] = {{1, 3}, {8, 8}, {13, 18}, {16, 24}, {32, 32}, {64, 64}, {128, 128}};
/// How many capacities the tool is compiled with: kCapacities' length.
inline constexpr std::size_t kCapacityCount = sizeof(kCapacities) / sizeof(kCapacities[0]);

/// "auto" (the smallest of kCapacities that holds the model) or "<bodies>x<dofs>", one of them.
Result<Capacity> choose_capacity(const std::string& spec, const RobotDescription& description);

/// Whether choose_capacity knows `spec`: "auto" or one of kCapacities (the command line checks it
/// while parsing, so a wrong one is a usage error like any other option's).
bool is_capacity_spec(const std::string& spec);

/// "1x3, 8x8, ...", for messages and --help.
std::string capacity_list();

namespace detail {

template <typename F, std::size_t... I>
auto dispatch_capacity(Capacity c, F& f, std::index_sequence<I...>) {
  using R = decltype(f(std::integral_constant<int, kCapacities[0].bodies>{},
                       std::integral_constant<int, kCapacities[0].dofs>{}));
  std::optional<R> result;
  ((c.bodies == kCapacities[I].bodies && c.dofs == kCapacities[I].dofs
        ? (void)result.emplace(f(std::integral_constant<int, kCapacities[I].bodies>{},
                                 std::integral_constant<int, kCapacities[I].dofs>{}))
        : (void)0),
   ...);
  return result;
}

}  // namespace detail

/// Calls f(std::integral_constant<int, B>{}, std::integral_constant<int, D>{}) for the compiled
/// capacity equal to c and returns what it returned; empty when c is not one of kCapacities
/// (choose_capacity() only returns ones that are). Each capacity instantiates f once.
template <typename F>
auto dispatch_capacity(Capacity c, F&& f) {
  return detail::dispatch_capacity(c, f, std::make_index_sequence<kCapacityCount>{});
}

}  // namespace footfall::host
