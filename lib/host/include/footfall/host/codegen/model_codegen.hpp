#pragma once
// Model code generation: a C++ header that builds a RobotDescription's model in firmware with
// the core's ModelBuilder — literal numbers at full precision (%.17g), no parsing, no heap.
//
// The header defines, in options.name_space (the global namespace when empty):
//   template <typename S> using <Name>Model = footfall::Model<S, bodies, DOFs>;
//   template <typename S> footfall::Status build_<name>_model(<Name>Model<S>* out) noexcept;
//   template <typename S, int K> using <Name>Robot = footfall::Robot<S, bodies, DOFs, K>;
//                           // the model's capacities with room for K contacts (footfall/robot.hpp)
//   struct <Name>Topology;  // the DOF tree as a type (footfall/model/topology.hpp), for the
//                           // kernels unrolled for it: UnrolledKernels<<Name>Topology>
//   k<Name>Frames<S>[], k<Name>Spheres<S>[]  // the merged frames and collision spheres: each
//                           // one's body index and placement in the body, with an index
//                           // constant per name (k<Name>FrFootFrame, k<Name>FrFootSphere)
// with the capacity exactly the model's size. It is templated on the scalar: every number is
// written as S(literal), so the float model is the double one rounded once. In double, the
// model it builds equals build_model() of the same description bit for bit: both construct
// every Inertia and JointSpec from the same doubles through the same core functions. The
// topology is read off the model the core's ModelBuilder builds, and left out, with a comment
// saying so, for a description whose DOFs are not numbered depth first (the URDF importer and the
// built-in models always number them so) or that is larger than the tool's capacities.
#include <string>

#include "footfall/host/common/result.hpp"
#include "footfall/host/model/robot_description.hpp"

namespace footfall::host {

/// The options of `footfall codegen` that shape the generated header: `--name` and `--namespace`.
struct CodegenOptions {
  std::string name;        ///< identifier in the generated names; empty: from the robot's name
  std::string name_space;  ///< e.g. "robots" or "my::robots"; empty: the global namespace
};

/// A C++ identifier made from a robot's name: lower case, other characters as '_'.
std::string identifier_from(const std::string& robot_name);

/// The header that builds `description`'s model in firmware (this header's opening comment lists
/// what it defines), as text. Fails (with a one-line message) on a name or namespace that is not a
/// C++ identifier, or a model with no degree of freedom.
Result<std::string> generate_model_header(const RobotDescription& description, const CodegenOptions& options = {});

}  // namespace footfall::host
