#pragma once
// `chain` (lib/DESIGN.md §6): a fixed-base serial chain of n revolute links for scaling studies.
// Each link is a 1 kg, 0.25 m long, 2 cm radius cylinder along its z axis, hinged at its lower
// end; the joint axes alternate y, x, so the chain moves in three dimensions and no two
// successive axes are parallel.
#include "footfall/common/header_diagnostics.hpp"
#include "footfall/model/model_builder.hpp"
#include "footfall/models/solids.hpp"

FOOTFALL_HEADER_BEGIN
namespace footfall {

/// A model with room for a chain of N links.
template <typename S, int N>
using ChainModel = Model<S, N, N>;

/// Builds the chain of `links` links (this header's opening comment) into *out; refuses a count
/// below 1 or beyond the model's capacity (Status::Capacity "chain.links").
template <typename S, int B, int D>
Status build_chain_model(int links, Model<S, B, D>* out) noexcept {
  if (links < 1 || links > B || links > D) return Status::Capacity("chain.links", links);
  static const char* const kNames[] = {
      "link0",  "link1",  "link2",  "link3",  "link4",  "link5",  "link6",  "link7",  "link8",  "link9",
      "link10", "link11", "link12", "link13", "link14", "link15", "link16", "link17", "link18", "link19",
      "link20", "link21", "link22", "link23", "link24", "link25", "link26", "link27", "link28", "link29",
      "link30", "link31", "link32", "link33", "link34", "link35", "link36", "link37", "link38", "link39",
      "link40", "link41", "link42", "link43", "link44", "link45", "link46", "link47", "link48", "link49",
      "link50", "link51", "link52", "link53", "link54", "link55", "link56", "link57", "link58", "link59",
      "link60", "link61", "link62", "link63"};
  constexpr int kNamed = static_cast<int>(sizeof(kNames) / sizeof(kNames[0]));
  if (links > kNamed) return Status::Capacity("chain.links", links);
  const S length = S(0.25);
  Inertia<S> link;
  const Status status = Inertia<S>::FromMassComInertia(S(1), Vector3<S>(S(0), S(0), length / S(2)),
                                                       cylinder_inertia<S>(S(1), S(0.02), length), &link);
  if (!status.ok()) return status;
  ModelBuilder<S, B, D> builder;
  for (int i = 0; i < links; ++i) {
    const Vector3<S> axis = (i % 2 == 0) ? Vector3<S>::UnitY() : Vector3<S>::UnitX();
    const Vector3<S> offset = i == 0 ? Vector3<S>::Zero() : Vector3<S>(S(0), S(0), length);
    builder.add_body(kNames[i], i - 1, JointSpec<S>::Revolute(axis, Transform<S>::Translation(offset)), link);
  }
  return builder.build(out);
}

}  // namespace footfall
FOOTFALL_HEADER_END
