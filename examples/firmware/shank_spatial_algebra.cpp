// The spatial algebra that every later stage stands on (Featherstone, RBDA ch. 2), worked on one
// body: the lower leg (shank) of a quadruped, seen from its knee and from its hip.
//
// What it prints is checkable by hand: the kinetic energy and the power of a force must be the
// same whichever frame they are computed in, and a body that breaks the triangle inequality is
// refused with a Status naming the field.
#include "demo_support.hpp"

namespace demo {

using namespace footfall;

bool shank_spatial_algebra() {
  std::printf("Spatial algebra (Featherstone, RBDA ch. 2) on a quadruped's lower leg.\n\n");

  // The shank: 0.25 kg, 0.20 m from knee to foot, its centre of mass 0.09 m below the knee
  // (knee frame: z along the leg, pointing from the foot to the knee), modelled as a 3 cm
  // diameter rod: I_c = diag(m L²/12 + m r²/4, same, m r²/2).
  const S mass = S(0.25), length = S(0.20), radius = S(0.015);
  const Vector3<S> com(S(0), S(0), S(-0.09));
  const S across = mass * length * length / S(12) + mass * radius * radius / S(4);
  const Matrix3<S> inertia_about_com = Vector3<S>(across, across, mass * radius * radius / S(2)).asDiagonal();
  Inertia<S> shank = Inertia<S>::Zero();
  Status status;
  timed("validate and build the inertia", [&] {
    status = Inertia<S>::FromMassComInertia(mass, com, inertia_about_com, &shank);
  });
  std::printf("Shank inertia: %s, mass %.3f kg\n", to_string(status.code), static_cast<double>(shank.mass()));
  print3("centre of mass (knee frame) [m]", shank.com());

  // The knee sits 0.21 m below the hip along the thigh, which is pitched 0.6 rad forward; the
  // knee joint is bent by −1.2 rad about y. X takes hip coordinates to knee coordinates.
  Transform<S> hip_to_knee;
  timed("exp map and the hip-to-knee transform", [&] {
    const Matrix3<S> thigh_pitch = exp_so3(Vector3<S>(S(0), S(0.6), S(0)));
    const Matrix3<S> knee_bend = exp_so3(Vector3<S>(S(0), S(-1.2), S(0)));
    const Vector3<S> knee_in_hip = thigh_pitch * Vector3<S>(S(0), S(0), S(-0.21));
    hip_to_knee = Transform<S>((thigh_pitch * knee_bend).transpose(), knee_in_hip);
  });
  print3("knee position (hip frame) [m]", hip_to_knee.translation());

  // The shank's spatial velocity in the knee frame: swinging at 6 rad/s about the knee axis
  // while the knee moves forward at 0.8 m/s.
  const Motion<S> v_knee(Vector3<S>(S(0), S(6), S(0)), Vector3<S>(S(0.8), S(0), S(0)));
  Force<S> momentum_knee;
  S energy_knee = S(0);
  timed("momentum I v and kinetic energy", [&] {
    momentum_knee = shank.apply(v_knee);
    energy_knee = kinetic_energy(shank, v_knee);
  });
  print3("angular momentum about knee", momentum_knee.angular());
  print3("linear momentum [kg m/s]", momentum_knee.linear());

  // The same body and motion seen from the hip: I_hip = X^T I_knee X, v_hip = X^-1 v_knee.
  const Transform<S> knee_to_hip = hip_to_knee.inverse();
  Inertia<S> shank_in_hip = Inertia<S>::Zero();
  Motion<S> v_hip;
  timed("change of frame of inertia and velocity", [&] {
    shank_in_hip = shank.transformed(knee_to_hip);
    v_hip = knee_to_hip.apply(v_knee);
  });
  const S energy_hip = kinetic_energy(shank_in_hip, v_hip);
  print3("centre of mass (hip frame) [m]", shank_in_hip.com());
  print3("linear momentum in hip frame", shank_in_hip.apply(v_hip).linear());
  std::printf("  kinetic energy, knee frame          %.9f J\n", static_cast<double>(energy_knee));
  std::printf("  kinetic energy, hip frame           %.9f J   (difference %.2e)\n",
              static_cast<double>(energy_hip), static_cast<double>(energy_hip - energy_knee));

  // Ground reaction at the foot (0.2 m below the knee) of 40 N up and 6 N back, as a spatial
  // force about the knee, and the power it delivers, in both frames.
  const Vector3<S> foot(S(0), S(0), -length);
  const Vector3<S> push(S(-6), S(0), S(40));
  const Force<S> at_knee(foot.cross(push), push);
  const S power_knee = dot(v_knee, at_knee);
  const S power_hip = dot(v_hip, knee_to_hip.apply(at_knee));
  print3("foot force moment about knee [N m]", at_knee.angular());
  std::printf("  power of the foot force, knee frame %.9f W\n", static_cast<double>(power_knee));
  std::printf("  power of the foot force, hip frame  %.9f W   (difference %.2e)\n\n",
              static_cast<double>(power_hip), static_cast<double>(power_hip - power_knee));

  // Validation: a body whose principal moments break the triangle inequality cannot exist.
  Inertia<S> impossible = Inertia<S>::Zero();
  const Status refused = Inertia<S>::FromMassComInertia(
      mass, com, Matrix3<S>(Vector3<S>(S(0.001), S(0.001), S(0.003)).asDiagonal()), &impossible);
  std::printf("An impossible body (I = diag(1, 1, 3) g m^2): %s, field \"%s\"\n", to_string(refused.code),
              refused.field);

  return status.ok() && !refused.ok();
}

}  // namespace demo
