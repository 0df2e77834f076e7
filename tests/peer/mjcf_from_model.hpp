#pragma once
// Host only: MuJoCo as a peer of footfall. Writes a footfall Model<double, ...> as an MJCF
// document, loads it into MuJoCo through a virtual file system (MuJoCo 2.2.2 has no loader
// from a string), checks that MuJoCo numbered bodies and DOFs as footfall does, and converts
// footfall states to MuJoCo's. Shared by tests/peer/test_mujoco_agreement.cpp and
// tests/bench/bench_dynamics.cpp.
//
// What the document holds: one <body> per footfall body, nested as the tree, placed by the
// joint placement X_T (pos = r, quat = Eᵀ: the joint frame at q = 0 is the body frame); the
// body's mass, centre of mass and rotational inertia about the centre of mass (by default as
// principal moments and axes, see MjcfOptions::inertia); its joint with the same axis and the armature of its DOF; gravity
// 0 0 −9.81; contacts and joint limits disabled, and no damping, friction loss or stiffness.
// Joint types:
//   revolute → hinge, prismatic → slide, fixed → no joint (welded), free flyer → free,
//   planar → slide x, slide y, hinge z in one body (MuJoCo applies a body's joints in order,
//   so the slides move along the unturned x and y and qvel is (ẋ, ẏ, φ̇) as footfall's v).
//
// Coordinates (the reason for to_mujoco_state):
//   footfall free flyer: q = [p, quaternion x y z w], v = [ṗ in body coordinates, ω in body];
//   MuJoCo free joint:   qpos = [p, quaternion w x y z], qvel = [ṗ in world coordinates, ω in body].
// So v_mj = T v_ff with T = blockdiag(R, 1, ..., 1), R = the base's rotation (body → world).
#include <mujoco/mujoco.h>

#include <Eigen/Eigenvalues>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include "footfall/dynamics.hpp"

namespace footfall::peer {

struct MjcfOptions {
  // How a body's rotational inertia is written:
  // - kPrincipal (default): principal moments `diaginertia` and axes `quat`, computed here in
  //   double by Eigen's direct 3×3 solver; MuJoCo takes them as given, so its model is footfall's
  //   to rounding (~1e-16 relative).
  // - kFull: the `fullinertia` attribute (ixx iyy izz ixy ixz iyz about the centre of mass).
  //   MuJoCo 2.2.2's compiler diagonalises it with a Jacobi iteration that stops at an absolute
  //   off-diagonal threshold (kEigEPS = 1e-12 in mjuu_eig3), and the inertia it compiles differs
  //   from the one written by up to ~6e-10 kg m² (1e-7 relative) on the A1's thigh: the peer
  //   would then be a slightly different robot. Kept to test the attribute itself.
  enum class InertiaForm { kPrincipal, kFull };
  InertiaForm inertia = InertiaForm::kPrincipal;
  bool armature = true;  // write each DOF's armature (false: to see what MuJoCo does with it)
};

namespace detail {

inline std::string number(double x) {
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.17g", x);  // round-trips every double exactly
  return buffer;
}

inline std::string numbers(std::initializer_list<double> xs) {
  std::string out;
  for (const double x : xs) {
    if (!out.empty()) out += ' ';
    out += number(x);
  }
  return out;
}

inline bool xml_safe_name(const char* name) {
  for (const char* c = name; *c != '\0'; ++c) {
    const bool ok = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
                    *c == '_' || *c == '-' || *c == '.';
    if (!ok) return false;
  }
  return true;
}

// Rotation matrix (body → parent) as MuJoCo's quaternion w x y z.
inline std::string mj_quaternion(const Matrix3<double>& body_to_parent) {
  const Vector4<double> xyzw = quaternion_from_rotation(body_to_parent);
  return numbers({xyzw(3), xyzw(0), xyzw(1), xyzw(2)});
}

template <int B, int D>
bool write_body(const Model<double, B, D>& model, int i, const MjcfOptions& options, int depth,
                int* next_expected, std::string* xml, std::string* error) {
  // MuJoCo numbers bodies (and so DOFs) in document order; it must be footfall's.
  if (i != *next_expected) {
    *error = "footfall body " + std::to_string(i) + " is not in depth-first order";
    return false;
  }
  ++*next_expected;
  if (!xml_safe_name(model.body_name(i)) || !xml_safe_name(model.joint_name(i))) {
    *error = "body or joint name of body " + std::to_string(i) + " is not a plain XML name";
    return false;
  }
  const std::string indent(static_cast<std::size_t>(2 * depth + 4), ' ');
  const Transform<double>& placement = model.joint_placement(i);
  const JointType type = model.joint_type(i);
  const int iv = model.v_index(i);
  if (type == JointType::kFreeFlyer &&
      (placement.translation() != Vector3<double>::Zero() || placement.rotation() != Matrix3<double>::Identity())) {
    *error = "a free flyer with a joint placement other than the identity";  // MuJoCo's qpos is the body pose
    return false;
  }
  *xml += indent + "<body name=\"" + model.body_name(i) + "\" pos=\"" +
          numbers({placement.translation()(0), placement.translation()(1), placement.translation()(2)}) +
          "\" quat=\"" + mj_quaternion(placement.rotation().transpose()) + "\">\n";
  const Inertia<double>& inertia = model.inertia(i);
  const Vector3<double> com = inertia.com();
  const Matrix3<double> ic = inertia.rotational_about_com();
  *xml += indent + "  <inertial pos=\"" + numbers({com(0), com(1), com(2)}) + "\" mass=\"" + number(inertia.mass());
  if (options.inertia == MjcfOptions::InertiaForm::kFull) {
    *xml += "\" fullinertia=\"" + numbers({ic(0, 0), ic(1, 1), ic(2, 2), ic(0, 1), ic(0, 2), ic(1, 2)}) + "\"/>\n";
  } else {
    // I_c = V diag(λ) Vᵀ: V (a rotation once its determinant is +1) takes principal-frame
    // coordinates to body coordinates, which is what MuJoCo's inertial quat means.
    Eigen::SelfAdjointEigenSolver<Matrix3<double>> eigen(ic);
    Matrix3<double> axes = eigen.eigenvectors();
    if (axes.determinant() < 0) axes.col(2) = -axes.col(2);
    const Vector3<double> moments = eigen.eigenvalues();
    *xml += "\" quat=\"" + mj_quaternion(axes) + "\" diaginertia=\"" + numbers({moments(0), moments(1), moments(2)}) +
            "\"/>\n";
  }
  const auto armature = [&](int dof) { return number(options.armature ? model.armature(dof) : 0.0); };
  const std::string passive = "\" damping=\"0\" frictionloss=\"0\" stiffness=\"0\" limited=\"false\"";
  const std::string name = model.joint_name(i);
  switch (type) {
    case JointType::kFixed:
      break;
    case JointType::kRevolute:
    case JointType::kPrismatic: {
      const Vector3<double>& a = model.joint_axis(i);
      *xml += indent + "  <joint name=\"" + name + "\" type=\"" + (type == JointType::kRevolute ? "hinge" : "slide") +
              "\" pos=\"0 0 0\" axis=\"" + numbers({a(0), a(1), a(2)}) + "\" armature=\"" + armature(iv) + passive +
              "/>\n";
      break;
    }
    case JointType::kPlanar:
      *xml += indent + "  <joint name=\"" + name + "_x\" type=\"slide\" pos=\"0 0 0\" axis=\"1 0 0\" armature=\"" +
              armature(iv) + passive + "/>\n";
      *xml += indent + "  <joint name=\"" + name + "_y\" type=\"slide\" pos=\"0 0 0\" axis=\"0 1 0\" armature=\"" +
              armature(iv + 1) + passive + "/>\n";
      *xml += indent + "  <joint name=\"" + name + "_phi\" type=\"hinge\" pos=\"0 0 0\" axis=\"0 0 1\" armature=\"" +
              armature(iv + 2) + passive + "/>\n";
      break;
    case JointType::kFreeFlyer: {
      // MuJoCo has one armature per joint; footfall's six are kept only when they agree, and
      // then Tᵀ (a 1) T = a 1, so the conventions do not change them.
      for (int k = 1; k < 6; ++k) {
        if (model.armature(iv + k) != model.armature(iv)) {
          *error = "a free flyer whose six armatures differ";
          return false;
        }
      }
      *xml += indent + "  <joint name=\"" + name + "\" type=\"free\" armature=\"" + armature(iv) +
              "\" damping=\"0\" frictionloss=\"0\" stiffness=\"0\"/>\n";
      break;
    }
  }
  for (int child = i + 1; child < model.body_count(); ++child) {
    if (model.parent(child) != i) continue;
    if (!write_body(model, child, options, depth + 1, next_expected, xml, error)) return false;
  }
  *xml += indent + "</body>\n";
  return true;
}

}  // namespace detail

// The MJCF document of `model`, or false with *error saying what MuJoCo cannot represent.
template <int B, int D>
bool mjcf_from_model(const Model<double, B, D>& model, std::string* xml, std::string* error,
                     const MjcfOptions& options = MjcfOptions()) {
  *xml =
      "<mujoco model=\"footfall\">\n"
      "  <compiler angle=\"radian\" inertiafromgeom=\"false\" boundmass=\"0\" boundinertia=\"0\""
      " balanceinertia=\"false\" settotalmass=\"-1\"/>\n"
      "  <option gravity=\"0 0 -9.81\" timestep=\"0.001\" integrator=\"Euler\">\n"
      "    <flag contact=\"disable\" limit=\"disable\"/>\n"
      "  </option>\n"
      "  <worldbody>\n";
  int next_expected = 0;
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.parent(i) != -1) continue;
    if (!detail::write_body(model, i, options, 0, &next_expected, xml, error)) return false;
  }
  *xml += "  </worldbody>\n</mujoco>\n";
  return true;
}

struct ModelDeleter {
  void operator()(mjModel* m) const noexcept { mj_deleteModel(m); }
};
struct DataDeleter {
  void operator()(mjData* d) const noexcept { mj_deleteData(d); }
};
using ModelPtr = std::unique_ptr<mjModel, ModelDeleter>;
using DataPtr = std::unique_ptr<mjData, DataDeleter>;

// Compiles an MJCF document held in memory (through an mjVFS; the VFS is 2 MB, so on the heap).
inline ModelPtr load_mjcf(const std::string& xml, std::string* error) {
  const char* const kFile = "footfall_model.xml";
  auto vfs = std::make_unique<mjVFS>();
  mj_defaultVFS(vfs.get());
  if (mj_makeEmptyFileVFS(vfs.get(), kFile, static_cast<int>(xml.size())) != 0) {
    *error = "mj_makeEmptyFileVFS failed";
    return nullptr;
  }
  const int file = mj_findFileVFS(vfs.get(), kFile);
  if (file < 0) {
    *error = "the VFS lost its file";
    mj_deleteVFS(vfs.get());
    return nullptr;
  }
  std::memcpy(vfs->filedata[file], xml.data(), xml.size());
  char message[1000] = "";
  ModelPtr m(mj_loadXML(kFile, vfs.get(), message, static_cast<int>(sizeof message)));
  mj_deleteVFS(vfs.get());
  if (!m) *error = std::string("mj_loadXML: ") + message;
  return m;
}

// MuJoCo's body b + 1 must be footfall's body b, each joint's first DOF footfall's, and every
// DOF's armature what the document said. False with *error otherwise.
template <int B, int D>
bool check_layout(const mjModel* m, const Model<double, B, D>& model, std::string* error) {
  if (m->nbody != model.body_count() + 1 || m->nv != model.nv() || m->nq != model.nq()) {
    *error = "MuJoCo's sizes differ: nbody " + std::to_string(m->nbody) + ", nv " + std::to_string(m->nv) +
             ", nq " + std::to_string(m->nq);
    return false;
  }
  for (int i = 0; i < model.body_count(); ++i) {
    const int b = i + 1;
    if (mj_name2id(m, mjOBJ_BODY, model.body_name(i)) != b) {
      *error = std::string("MuJoCo numbered body ") + model.body_name(i) + " differently";
      return false;
    }
    if (m->body_parentid[b] != model.parent(i) + 1) {
      *error = std::string("MuJoCo's parent of ") + model.body_name(i) + " differs";
      return false;
    }
    if (model.joint_nv(i) > 0 && m->body_dofadr[b] != model.v_index(i)) {
      *error = std::string("MuJoCo's first DOF of ") + model.body_name(i) + " differs";
      return false;
    }
    if (model.joint_nv(i) == 0 && m->body_jntnum[b] != 0) {
      *error = std::string("MuJoCo gave the fixed body ") + model.body_name(i) + " a joint";
      return false;
    }
    if (model.joint_nq(i) > 0 && m->jnt_qposadr[m->body_jntadr[b]] != model.q_index(i)) {
      *error = std::string("MuJoCo's first position coordinate of ") + model.body_name(i) + " differs";
      return false;
    }
  }
  for (int k = 0; k < model.nv(); ++k) {
    if (m->dof_bodyid[k] != model.dof_body(k) + 1) {
      *error = "MuJoCo's DOF " + std::to_string(k) + " moves another body";
      return false;
    }
  }
  return true;
}

// The largest difference between the inertia MuJoCo compiled for a body (body_mass,
// body_ipos, body_iquat and body_inertia) and footfall's, relative to the body's own: mass, centre
// of mass (relative to 1 m) and rotational inertia about the centre of mass.
template <int B, int D>
double compiled_inertia_difference(const mjModel* m, const Model<double, B, D>& model) {
  double worst = 0;
  for (int i = 0; i < model.body_count(); ++i) {
    const int b = i + 1;
    const Inertia<double>& inertia = model.inertia(i);
    mjtNum rotation[9];
    mju_quat2Mat(rotation, m->body_iquat + 4 * b);
    const Eigen::Map<const Eigen::Matrix<double, 3, 3, Eigen::RowMajor>> r(rotation);
    const Vector3<double> moments(m->body_inertia[3 * b], m->body_inertia[3 * b + 1], m->body_inertia[3 * b + 2]);
    const Matrix3<double> ic = r * moments.asDiagonal() * r.transpose();
    const Vector3<double> com(m->body_ipos[3 * b], m->body_ipos[3 * b + 1], m->body_ipos[3 * b + 2]);
    const Matrix3<double> expected = inertia.rotational_about_com();
    worst = std::max(worst, std::abs(m->body_mass[b] - inertia.mass()) / inertia.mass());
    worst = std::max(worst, max_abs(Vector3<double>(com - inertia.com())));
    worst = std::max(worst, max_abs(Matrix3<double>(ic - expected)) / max_abs(expected));
  }
  return worst;
}

// Writes footfall's (q, v) as MuJoCo's (qpos, qvel): quaternion x y z w → w x y z, and the
// free flyer's linear velocity from body to world coordinates (v_mj = T v_ff).
template <int B, int D, typename QDerived, typename VDerived>
void to_mujoco_state(const Model<double, B, D>& model, const Eigen::MatrixBase<QDerived>& q,
                     const Eigen::MatrixBase<VDerived>& v, mjtNum* qpos, mjtNum* qvel) {
  for (int k = 0; k < model.nq(); ++k) qpos[k] = q.coeff(k);
  for (int k = 0; k < model.nv(); ++k) qvel[k] = v.coeff(k);
  for (int i = 0; i < model.body_count(); ++i) {
    if (model.joint_type(i) != JointType::kFreeFlyer) continue;
    const int iq = model.q_index(i), iv = model.v_index(i);
    const Vector4<double> xyzw(q.coeff(iq + 3), q.coeff(iq + 4), q.coeff(iq + 5), q.coeff(iq + 6));
    qpos[iq + 3] = xyzw(3);
    qpos[iq + 4] = xyzw(0);
    qpos[iq + 5] = xyzw(1);
    qpos[iq + 6] = xyzw(2);
    const Vector3<double> linear =
        rotation_from_quaternion(xyzw) * Vector3<double>(v.coeff(iv), v.coeff(iv + 1), v.coeff(iv + 2));
    for (int k = 0; k < 3; ++k) qvel[iv + k] = linear(k);
  }
}

}  // namespace footfall::peer
