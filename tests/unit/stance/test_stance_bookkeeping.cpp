// RBDA Table 11.1's bookkeeping (stance/active_set.hpp) and §11.6's minimal contact set
// (contact/minimal_set.hpp).
#include "stance_fixtures.hpp"

namespace {

using namespace footfall;
using footfall::test::StanceBench;
using footfall::test::ulps;

template <typename S>
using BoxBench = StanceBench<S, 1, 6, 9>;

template <typename S>
BoxBench<S>& box() {
  static BoxBench<S> instance;
  return instance;
}

// A 3 kg box, 0.4 × 0.3 × 0.2 m, flat on the floor.
template <typename S>
bool build_box(BoxBench<S>& b) {
  Inertia<S> inertia;
  if (!Inertia<S>::FromMassComInertia(S(3), Vector3<S>::Zero(), box_inertia(S(3), S(0.4), S(0.3), S(0.2)), &inertia).ok())
    return false;
  if (!test::build_free_body(inertia, &b.model).ok()) return false;
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0), S(0), S(0.1)), Matrix3<S>::Identity());
  return b.prepare(q, BoxBench<S>::Tangent::Zero(6));
}

template <typename S>
Vector3<S> box_point(S x, S y) {
  return Vector3<S>(x * S(0.2), y * S(0.15), S(-0.1));
}

}  // namespace

// The box on its four corners, frictionless: the first tick takes the full solve and finds the
// least-norm forces (every corner loaded, though the fourth's normal depends on the others'), all
// four corners current and active. Later ticks with the same contacts are answered by the active set
// alone, with the full solve's forces; a moment that tips the box turns a force negative and
// sends the tick back to the full solve; a contact gained does too.
FF_TEST_FLOAT_AND_DOUBLE(StanceBookkeeping, ActiveSetCarriedFromTickToTick) {
  auto& b = box<S>();
  FF_ASSERT_TRUE(build_box(b));
  b.contacts.clear();
  const S corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  for (int c = 0; c < 4; ++c)
    b.contacts.add(Contact<S>::Ground(0, box_point<S>(corners[c][0], corners[c][1]), Vector3<S>::UnitZ(), S(0)));
  StanceOptions<S> options;
  options.friction = FrictionModel::kNone;
  options.warm_start = false;
  ContactBook<9> book;
  typename BoxBench<S>::Tangent tau = BoxBench<S>::Tangent::Zero(6);
  FF_ASSERT_TRUE(solve_stance_tracking(b.model, b.ws, b.contacts, tau, options, book, b.stance, b.result).ok());
  FF_EXPECT_EQ(book.full_solves, 1);
  int current = 0, active = 0;
  for (int i = 0; i < 4; ++i) {
    current += book.current[i] ? 1 : 0;
    active += book.active[i] ? 1 : 0;
  }
  FF_EXPECT_EQ(current, 4);
  FF_EXPECT_EQ(active, 4);  // the least-norm forces load every corner
  FF_EXPECT_TRUE(b.result.force_choice == ForceChoice::kLeastNorm);
  S first[4];
  for (int i = 0; i < 4; ++i) first[i] = b.result.normal_force[i];

  for (int tick = 0; tick < 3; ++tick) {
    FF_ASSERT_TRUE(solve_stance_tracking(b.model, b.ws, b.contacts, tau, options, book, b.stance, b.result).ok());
    for (int i = 0; i < 4; ++i) FF_EXPECT_NEAR(b.result.normal_force[i], first[i], ulps<S>(256) * S(30));
  }
  FF_EXPECT_EQ(book.full_solves, 1);
  FF_EXPECT_EQ(book.reuses, 3);

  // A moment about x beyond what the weight can hold (29.4 N × 0.15 m = 4.4 N m) lifts one
  // long edge off the floor: a negative force on the active set.
  tau(3) = S(6);
  FF_ASSERT_TRUE(solve_stance_tracking(b.model, b.ws, b.contacts, tau, options, book, b.stance, b.result).ok());
  FF_EXPECT_EQ(book.full_solves, 2);
  S total = S(0);
  for (int i = 0; i < 4; ++i) {
    FF_EXPECT_TRUE(b.result.normal_force[i] >= S(0));
    total += b.result.normal_force[i];
  }
  const S lifted = std::min(b.result.normal_force[0] + b.result.normal_force[1],
                            b.result.normal_force[2] + b.result.normal_force[3]);
  FF_EXPECT_NEAR(lifted, S(0), ulps<S>(256) * S(30));

  // A contact gained (the box's centre, for the bookkeeping's sake) takes the full solve.
  b.contacts.add(Contact<S>::Ground(0, box_point<S>(S(0), S(0)), Vector3<S>::UnitZ(), S(0)));
  FF_ASSERT_TRUE(solve_stance_tracking(b.model, b.ws, b.contacts, tau, options, book, b.stance, b.result).ok());
  FF_EXPECT_EQ(book.full_solves, 3);
}

// With the exact cone, the quadruped standing on four feet: the same, every foot sticking.
FF_TEST_FLOAT_AND_DOUBLE(StanceBookkeeping, QuadrupedConeReusesTheActiveSet) {
  static test::QuadrupedBench<S> b;
  const int feet[4] = {0, 1, 2, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(b, feet, 4, S(0.8)));
  FF_ASSERT_TRUE(b.solve(test::QuadrupedBench<S>::Tangent::Zero(18), FrictionModel::kCone).code != StatusCode::kBadInput);
  Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> hold;
  const auto tau = test::gravity_compensation(b, &hold);
  StanceOptions<S> options;
  options.warm_start = false;
  ContactBook<4> book;
  for (int tick = 0; tick < 4; ++tick) {
    FF_ASSERT_TRUE(solve_stance_tracking(b.model, b.ws, b.contacts, tau, options, book, b.stance, b.result).ok());
    for (int r = 0; r < 12; ++r) FF_EXPECT_NEAR(b.result.lambda(r), hold(r), ulps<S>(1 << 16) * S(135));
  }
  FF_EXPECT_EQ(book.full_solves, 1);
  FF_EXPECT_EQ(book.reuses, 3);
}

// §11.6: a rectangular patch given as its corners, edge midpoints and centre reduces to the four
// corners (the convex hull's vertices); a point given twice is kept once.
FF_TEST_FLOAT_AND_DOUBLE(StanceBookkeeping, MinimalContactSetOfAPatch) {
  auto& b = box<S>();
  FF_ASSERT_TRUE(build_box(b));
  b.contacts.clear();
  const S points[9][2] = {{0, 0}, {0, -1}, {-1, -1}, {1, 0}, {1, -1}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}};
  for (const auto& p : points)
    b.contacts.add(Contact<S>::Ground(0, box_point<S>(p[0], p[1]), Vector3<S>::UnitZ(), S(0.5)));
  FF_ASSERT_TRUE(compute_contact_dynamics(b.model, b.ws, b.contacts, BoxBench<S>::Tangent::Zero(6), ContactRows::kNormals,
                                          b.stance.contact)
                     .ok());
  static MinimalSetWorkspace<S, 9> scratch;
  static ContactSet<S, 9> minimal;
  FF_ASSERT_TRUE(minimal_contact_set(b.contacts, b.stance.contact, scratch, &minimal).ok());
  FF_EXPECT_EQ(minimal.count, 4);
  for (int i = 0; i < minimal.count; ++i) {
    FF_EXPECT_NEAR(std::abs(minimal[i].point.x()), S(0.2), S(0));
    FF_EXPECT_NEAR(std::abs(minimal[i].point.y()), S(0.15), S(0));
  }
  // The quadruped's four feet are independent: all stay. A foot given twice stays once.
  static test::QuadrupedBench<S> q;
  const int feet[4] = {0, 1, 2, 3};
  FF_ASSERT_TRUE(test::quadruped_standing(q, feet, 4, S(0.8)));
  static ContactSet<S, 4> feet_set;
  feet_set.clear();
  for (int i = 0; i < 3; ++i) feet_set.add(q.contacts[i]);
  feet_set.add(q.contacts[1]);
  FF_ASSERT_TRUE(compute_contact_dynamics(q.model, q.ws, feet_set, test::QuadrupedBench<S>::Tangent::Zero(18), ContactRows::kNormals,
                                          q.stance.contact)
                     .ok());
  static MinimalSetWorkspace<S, 4> feet_scratch;
  static ContactSet<S, 4> feet_minimal;
  FF_ASSERT_TRUE(minimal_contact_set(feet_set, q.stance.contact, feet_scratch, &feet_minimal).ok());
  FF_EXPECT_EQ(feet_minimal.count, 3);
}

// StanceWorkspace::force_of is P, the map from the problem's unknowns z to contact-frame forces
// (f = P z), after every solve whatever the problem's form: a sliding contact's column of
// weights (1, −μŝ), the pyramid's facet directions, and the identity where the problem is W and
// d themselves (the cone with no contact sliding, or frictionless), which assemble_contact_problem
// writes without building the rows' combinations. The box slides first, so a map left over from
// an earlier solve would show in the later ones.
FF_TEST_FLOAT_AND_DOUBLE(StanceBookkeeping, ForceMapIsPAfterEverySolve) {
  auto& b = box<S>();
  FF_ASSERT_TRUE(build_box(b));
  b.contacts.clear();
  const S corners[4][2] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
  const S mu = S(0.5);
  for (const auto& c : corners)
    b.contacts.add(Contact<S>::Ground(0, box_point<S>(c[0], c[1]), Vector3<S>::UnitZ(), mu));
  const auto q = test::free_body_configuration<S, 6>(Vector3<S>(S(0), S(0), S(0.1)), Matrix3<S>::Identity());
  typename BoxBench<S>::Tangent sliding = BoxBench<S>::Tangent::Zero(6);
  sliding(0) = S(0.5);  // v's order is [linear; angular]: the box slides along +x
  const typename BoxBench<S>::Tangent tau = BoxBench<S>::Tangent::Zero(6);
  struct Case {
    bool slides;
    FrictionModel friction;
    int unknowns;  // z's size
    bool identity;
  };
  const Case cases[4] = {{true, FrictionModel::kCone, 4, false},
                         {false, FrictionModel::kCone, 12, true},
                         {false, FrictionModel::kPyramid4, 24, false},
                         {false, FrictionModel::kNone, 4, true}};
  for (const Case& c : cases) {
    FF_ASSERT_TRUE(b.prepare(q, c.slides ? sliding : BoxBench<S>::Tangent::Zero(6)));
    FF_ASSERT_TRUE(b.solve(tau, c.friction).ok());
    const auto& sw = b.stance;
    const int n = sw.problem.size(), rows = sw.contact.rows();
    FF_EXPECT_EQ(n, c.unknowns);
    FF_EXPECT_EQ(sw.unknowns_are_forces, c.identity);
    Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1> f = Eigen::Matrix<S, Eigen::Dynamic, 1, 0, 12, 1>::Zero(rows);
    for (int k = 0; k < n; ++k) {
      const RowCombination<S>& column = sw.force_of[k];
      if (c.identity) {
        FF_EXPECT_EQ(column.count, 1);
        FF_EXPECT_EQ(column.row[0], k);
        FF_EXPECT_EQ(column.weight[0], S(1));
      }
      if (c.slides) {  // (1, −μ ŝ) on the contact's rows, ŝ = (1, 0): the friction opposes +x
        FF_EXPECT_EQ(column.count, 3);
        FF_EXPECT_EQ(column.row[0], 3 * k);
        FF_EXPECT_NEAR(column.weight[1], -mu, ulps<S>(4) * mu);
        FF_EXPECT_NEAR(column.weight[2], S(0), ulps<S>(4) * mu);
      }
      for (int y = 0; y < column.count; ++y) f(column.row[y]) += column.weight[y] * sw.lcp.z(k);
    }
    for (int r = 0; r < rows; ++r) FF_EXPECT_NEAR(sw.force(r), f(r), ulps<S>(8) * S(30));
    // And f carries the weight, 29.4 N, the normal rows (every third row with friction) summed: to
    // the cone solver's tolerance, the same √ε the stance options default to.
    const int m = sw.contact.rows_per_contact;
    S normal = S(0);
    for (int i = 0; i < 4; ++i) normal += sw.force(i * m);
    FF_EXPECT_NEAR(normal, S(3) * S(9.81), std::sqrt(std::numeric_limits<S>::epsilon()) * S(30));
  }
}
