// The robots their makers publish (../shared/robots/, tests/common/published_robots.hpp), imported
// unmodified: each file imports, builds at the tool's smallest capacity that holds it, carries
// the mass its file gives the links that move (read here with TinyXML, not through the importer),
// and has an H that is symmetric positive definite and consistent with the kinematics and the
// RNEA by the dynamics identities. H and C against MuJoCo are in tests/peer.
#include <gtest/gtest.h>
#include <tinyxml.h>

#include <Eigen/Cholesky>
#include <map>
#include <set>
#include <string>

#include "footfall/dynamics.hpp"
#include "model_fixtures.hpp"
#include "published_robots.hpp"

namespace {

using footfall::test::published_robots;
using footfall::test::PublishedRobot;
using Dense = Eigen::MatrixXd;

// The sum of the <inertial> masses of the file's links less those fixed to the world: the root
// link and the links joined to it by fixed joints, when the base is not free. The file is read
// with TinyXML on its own, so this is not the importer's arithmetic.
double moving_mass_in_file(const std::string& path, bool free_base) {
  TiXmlDocument document;
  EXPECT_TRUE(document.LoadFile(path.c_str())) << path;
  const TiXmlElement* robot = document.RootElement();
  if (robot == nullptr) return -1.0;
  std::map<std::string, double> mass;
  for (const TiXmlElement* link = robot->FirstChildElement("link"); link != nullptr;
       link = link->NextSiblingElement("link")) {
    double m = 0.0;
    const TiXmlElement* inertial = link->FirstChildElement("inertial");
    const TiXmlElement* value = inertial != nullptr ? inertial->FirstChildElement("mass") : nullptr;
    if (value != nullptr) {
      EXPECT_EQ(value->QueryDoubleAttribute("value", &m), TIXML_SUCCESS);
    }
    mass[link->Attribute("name")] = m;
  }
  std::map<std::string, std::string> parent, type;  // by child link
  for (const TiXmlElement* joint = robot->FirstChildElement("joint"); joint != nullptr;
       joint = joint->NextSiblingElement("joint")) {
    const std::string child = joint->FirstChildElement("child")->Attribute("link");
    parent[child] = joint->FirstChildElement("parent")->Attribute("link");
    type[child] = joint->Attribute("type");
  }
  double total = 0.0;
  for (const auto& [link, m] : mass) {
    bool fixed_to_world = !free_base;
    for (std::string l = link; fixed_to_world && parent.count(l) != 0; l = parent[l])
      fixed_to_world = type[l] == "fixed";
    if (!fixed_to_world) total += m;
  }
  return total;
}

// A free base's world: a file whose root is an empty link with a floating joint has one
// without the flag; none of the published files does, so the flag is the only way here.
bool free_base(const PublishedRobot& robot) { return robot.options.floating_base; }

}  // namespace

// Every file in the folder is one of the table's, so a robot added there is imported here too.
TEST(PublishedRobots, EveryFileInTheFolderIsTested) {
  FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS();
  std::set<std::string> listed;
  for (const PublishedRobot& robot : published_robots()) listed.insert(robot.file);
  for (const std::string& file : footfall::test::published_robot_files())
    EXPECT_EQ(listed.count(file), 1u) << file << " is in the folder but not in published_robots.hpp";
  EXPECT_EQ(footfall::test::published_robot_files().size(), listed.size());
}

TEST(PublishedRobots, ImportAndBuildAtTheSmallestCapacity) {
  FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS();
  for (const PublishedRobot& robot : published_robots()) {
    footfall::test::with_published_model(robot, [&](const auto& model, const footfall::host::RobotDescription& d) {
      using ModelType = std::decay_t<decltype(model)>;
      // No capacity before this one in the tool's list holds the robot.
      for (const footfall::host::Capacity& c : footfall::host::kCapacities) {
        if (c.bodies == ModelType::kMaxBodies && c.dofs == ModelType::kMaxDofs) break;
        EXPECT_TRUE(d.body_count() > c.bodies || d.nv() > c.dofs) << c.bodies << "x" << c.dofs;
      }
      EXPECT_EQ(model.body_count(), d.body_count());
      EXPECT_EQ(model.nv(), d.nv());
      EXPECT_EQ(model.has_floating_base(), free_base(robot));
      // What the file gives the links that move, to rounding of the sum.
      const double file_mass = moving_mass_in_file(footfall::test::published_robots_dir() + "/" + robot.file,
                                                   free_base(robot));
      EXPECT_NEAR(model.total_mass(), file_mass, 1e-12 * file_mass);
      EXPECT_GT(file_mass, 0.0);
      std::printf("%-20s %2d bodies, %2d DOFs, %8.4f kg, %2zu frames merged, %zu notes\n", robot.file,
                  model.body_count(), model.nv(), model.total_mass(), d.frames.size(), d.notes.size());
    });
  }
}

// H symmetric positive definite, and by the identities: ½ vᵀ H v is the sum of the bodies'
// kinetic energies from the kinematics (energy.hpp), and the RNEA of q̈ = H⁻¹ (τ − C) is τ.
// A free base's H has the robot's mass on the diagonal of its linear block (body coordinates).
TEST(PublishedRobots, MassMatrixAgreesWithTheKinematicsAndTheRnea) {
  FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS();
  for (const PublishedRobot& robot : published_robots()) {
    footfall::test::with_published_model(robot, [&](const auto& model, const footfall::host::RobotDescription&) {
      using ModelType = std::decay_t<decltype(model)>;
      auto ws = std::make_unique<footfall::Workspace<double, ModelType::kMaxBodies, ModelType::kMaxDofs>>();
      footfall::test::Random rng(61);
      for (int trial = 0; trial < 5; ++trial) {
        const auto q = footfall::test::random_configuration(model, rng);
        const auto v = footfall::test::random_velocity(model, rng);
        ASSERT_TRUE(footfall::forward_kinematics(model, *ws, q, v).ok());
        ASSERT_TRUE(footfall::mass_matrix(model, *ws).ok());
        ASSERT_TRUE(footfall::bias_forces(model, *ws).ok());
        const Dense h = ws->mass_matrix;
        const Eigen::VectorXd c = ws->bias;
        const double scale = h.cwiseAbs().maxCoeff();
        EXPECT_LE((h - h.transpose()).cwiseAbs().maxCoeff(), 1e-14 * scale);
        const Eigen::LLT<Dense> llt(h);
        ASSERT_EQ(llt.info(), Eigen::Success) << "H is not positive definite";
        double energy = 0.0;
        ASSERT_TRUE(footfall::kinetic_energy(model, *ws, v, &energy).ok());
        const Eigen::VectorXd vd = v;
        EXPECT_NEAR(0.5 * vd.dot(h * vd), energy, 1e-12 * energy);
        if (model.has_floating_base()) {
          for (int k = 0; k < 3; ++k) EXPECT_NEAR(h(k, k), model.total_mass(), 1e-12 * model.total_mass());
        }
        const Eigen::VectorXd tau = Eigen::VectorXd::NullaryExpr(model.nv(), [&]() { return rng.uniform(-5.0, 5.0); });
        const Eigen::VectorXd qdd = llt.solve(tau - c);
        typename ModelType::TangentVector a(model.nv());
        for (int k = 0; k < model.nv(); ++k) a(k) = qdd(k);
        ASSERT_TRUE(footfall::rnea(model, *ws, q, v, a).ok());
        const Eigen::VectorXd back = ws->tau;
        // The residual of a backward-stable solve: rounding of H q̈ and C.
        const double size = scale * qdd.cwiseAbs().maxCoeff() + c.cwiseAbs().maxCoeff();
        EXPECT_LE((back - tau).cwiseAbs().maxCoeff(), 1e-12 * size);
      }
    });
  }
}

// The options the table gives are needed, and what the files say without them is what a user
// reads: Mini Cheetah's four thighs in one message naming --repair-inertia, Panda's finger naming
// both --mimic choices, and Go1 without a free flyer leaving its trunk's mass to the world.
TEST(PublishedRobots, WithoutTheirOptions) {
  FOOTFALL_SKIP_WITHOUT_PUBLISHED_ROBOTS();
  const std::string dir = footfall::test::published_robots_dir() + "/";
  footfall::host::UrdfImportOptions options;
  options.floating_base = true;
  const auto cheetah = footfall::host::import_urdf_file(dir + "mini_cheetah.urdf", options);
  ASSERT_FALSE(cheetah.ok());
  EXPECT_EQ(cheetah.error().rfind(dir + "mini_cheetah.urdf: 4 problems: body 'thigh_fr': inertia violates the triangle "
                                  "inequality",
                                  0),
            0u)
      << cheetah.error();
  EXPECT_NE(cheetah.error().find("body 'thigh_hl'"), std::string::npos) << cheetah.error();
  EXPECT_NE(cheetah.error().find("4.39"), std::string::npos) << cheetah.error();  // % over, as the issue measured
  EXPECT_NE(cheetah.error().find("--repair-inertia"), std::string::npos) << cheetah.error();
  const auto panda = footfall::host::import_urdf_file(dir + "panda.urdf");
  ASSERT_FALSE(panda.ok());
  EXPECT_NE(panda.error().find("joint 'panda_finger_joint2': mimics joint 'panda_finger_joint1'"), std::string::npos)
      << panda.error();
  EXPECT_NE(panda.error().find("--mimic lock"), std::string::npos) << panda.error();
  const auto go1 = footfall::host::import_urdf_file(dir + "go1.urdf");
  ASSERT_TRUE(go1.ok()) << go1.error();
  // The trunk and what is fixed to it: the file's whole mass less its moving links'.
  const double whole = moving_mass_in_file(dir + "go1.urdf", true), moving = moving_mass_in_file(dir + "go1.urdf", false);
  EXPECT_NEAR(go1.value().total_mass(), moving, 1e-12 * whole);
  EXPECT_NEAR(go1.value().mass_fixed_to_world, whole - moving, 1e-12 * whole);
  EXPECT_GT(go1.value().mass_fixed_to_world, 5.0);
  EXPECT_NE(go1.value().notes.back().find("(a legged robot needs --floating-base)"), std::string::npos);
  EXPECT_EQ(go1.value().nv(), 12);
}
