// Uses the installed headers and port: builds a body's inertia and checks its kinetic energy
// against ½ m v² for pure translation.
#include <cmath>

#include "footfall/port/port.hpp"
#include "footfall/spatial.hpp"

int main() {
  footfall::Inertia<double> body = footfall::Inertia<double>::Zero();
  const footfall::Status status = footfall::Inertia<double>::FromMassComInertia(
      2.0, footfall::Vector3<double>(0.1, 0.0, 0.0), footfall::Matrix3<double>::Identity() * 0.01, &body);
  const footfall::Motion<double> v(footfall::Vector3<double>::Zero(), footfall::Vector3<double>(3.0, 0.0, 0.0));
  const bool right = status.ok() && std::abs(footfall::kinetic_energy(body, v) - 9.0) < 1e-12;
  footfall::port::console_print(right ? "consumer: ok\n" : "consumer: wrong\n");
  return right ? 0 : 1;
}
