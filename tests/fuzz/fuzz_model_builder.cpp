// Fuzzes the model builder (model/model_builder.hpp) and the dynamics of whatever it accepts:
// up to nine bodies (one over the capacity of eight) with any names, parents, joint types (and
// one that is not a type), axes, placements, limits, drives and mass properties. Beyond
// fuzz_support.hpp's rules: a refused body or model names the field; an accepted model has as
// many coordinates as its joints say; and at any q, v, τ read from the bytes, kinematics, CRBA,
// the factor, RNEA and ABA either refuse the input or give finite results, H symmetric.
#include "footfall/dynamics.hpp"
#include "fuzz_quadruped.hpp"

namespace {

using namespace footfall;
using fuzz::ByteReader;
using fuzz::require;

constexpr int kBodies = 8, kDofs = 16;

template <typename S>
Transform<S> read_placement(ByteReader& in) {
  if (in.one_in(4)) return Transform<S>();
  Vector4<S> quaternion(in.number<S>(S(0), S(1)), in.number<S>(S(0), S(1)), in.number<S>(S(0), S(1)),
                        in.number<S>(S(1), S(1)));
  if (!in.one_in(8) && std::isfinite(quaternion.norm()) && quaternion.norm() > S(0)) quaternion.normalize();
  return Transform<S>(rotation_from_quaternion(quaternion), fuzz::read_vector<S>(in, Vector3<S>::Zero(), S(0.5)));
}

template <typename S>
JointSpec<S> read_joint(ByteReader& in) {
  JointSpec<S> joint;
  joint.type = static_cast<JointType>(in.integer(0, 5));  // 5: not a joint type
  joint.axis = fuzz::read_vector<S>(in, Vector3<S>::UnitZ(), S(1));
  if (!in.one_in(4) && std::isfinite(joint.axis.norm()) && joint.axis.norm() > S(0)) joint.axis.normalize();
  joint.placement = read_placement<S>(in);
  if (in.one_in(4)) {
    joint.limits.position_min = in.number<S>(S(-1), S(1));
    joint.limits.position_max = in.number<S>(S(1), S(1));
    joint.limits.velocity_max = in.number<S>(S(10), S(10));
    joint.limits.effort_max = in.number<S>(S(50), S(50));
  }
  if (in.one_in(4)) {
    joint.armature = in.number<S>(S(0.01), S(0.01));
    joint.gear_ratio = in.number<S>(S(9), S(9));
  }
  return joint;
}

template <typename S>
Inertia<S> read_inertia(ByteReader& in) {
  const S mass = in.number<S>(S(1), S(1));
  const Vector3<S> com = fuzz::read_vector<S>(in, Vector3<S>::Zero(), S(0.2));
  Matrix3<S> rotational = Matrix3<S>::Zero();
  for (int k = 0; k < 3; ++k) rotational(k, k) = in.number<S>(S(0.01), S(0.01));
  if (in.flag()) rotational(0, 1) = rotational(1, 0) = in.number<S>(S(0), S(0.005));
  Inertia<S> inertia;  // zero: a body with no mass, which only a fixed joint may carry
  const Status status = Inertia<S>::FromMassComInertia(mass, com, rotational, &inertia);
  fuzz::require_well_formed(status);
  return inertia;
}

template <typename S>
struct Scratch {
  Model<S, kBodies, kDofs> model;
  Workspace<S, kBodies, kDofs> ws;
  typename Model<S, kBodies, kDofs>::ConfigVector q;
  typename Model<S, kBodies, kDofs>::TangentVector v, tau;
};

template <typename S>
void run(ByteReader& in) {
  static Scratch<S> s;
  ModelBuilder<S, kBodies, kDofs> builder;
  static const char* const kNames[] = {"trunk", "thigh", "calf", "", "a_name_much_longer_than_31_characters", "foot"};
  const int bodies = in.integer(0, kBodies + 1);
  for (int i = 0; i < bodies; ++i) {
    const char* name = kNames[in.integer(0, 5)];
    const int parent = in.integer(-2, i);
    const JointSpec<S> joint = read_joint<S>(in);
    const Inertia<S> inertia = read_inertia<S>(in);
    const Status status = builder.add_body(in.flag() ? nullptr : name, parent, joint, inertia);
    fuzz::require_well_formed(status);
  }
  fuzz::NoHeap no_heap;
  const Status built = builder.build(&s.model);
  fuzz::require_well_formed(built);
  if (!built.ok()) return;
  const auto& m = s.model;
  require(m.nq() >= m.nv() && m.nv() <= kDofs && m.body_count() <= kBodies, "a model over its capacity");

  s.q.resize(m.nq());
  for (int i = 0; i < m.nq(); ++i) s.q(i) = in.number<S>(S(i == 6 ? 1 : 0), S(1));
  s.v.resize(m.nv());
  s.tau.resize(m.nv());
  for (int i = 0; i < m.nv(); ++i) s.v(i) = in.number<S>(S(0), S(2));
  for (int i = 0; i < m.nv(); ++i) s.tau(i) = in.number<S>(S(0), S(10));

  Status status = forward_kinematics(m, s.ws, s.q, s.v);
  if (status.ok()) status = mass_matrix(m, s.ws);
  if (status.ok()) {
    const auto& h = s.ws.mass_matrix;
    for (int i = 0; i < m.nv(); ++i)
      for (int j = 0; j < m.nv(); ++j) require(h(i, j) == h(j, i) || !std::isfinite(h(i, j)), "H not symmetric", i);
    status = factorize_mass_matrix(m, s.ws);
  }
  if (status.ok()) status = bias_forces(m, s.ws, standard_gravity<S>());
  fuzz::require_well_formed(status);
  status = aba(m, s.ws, s.q, s.v, s.tau);
  fuzz::require_well_formed(status);
}

}  // namespace

FOOTFALL_FUZZ_BOTH_SCALARS(run)
