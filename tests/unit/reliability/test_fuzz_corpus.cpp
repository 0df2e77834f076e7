// Replays the committed fuzz corpus of the stance and strike harnesses (tests/fuzz/corpus) in
// every build, the emulated boards included, where each solve is counted in instructions and the
// worst printed: the cost of a tick over the adversarial inputs the fuzzer kept (issue 9), where
// the random ticks (test_random_ticks.cpp) give the cost over plausible ones. Each input is
// decoded exactly as its harness decodes it (tests/fuzz/quadruped_input.hpp) after its first byte,
// the harness's choice of scalar: here every input runs in float, and in double where the suite
// tests double. The checks are the harnesses' bookkeeping ones: the contact set refuses exactly
// the contacts past its capacity, the Status is well formed and stored in the result, bad input
// leaves zero forces, and an ok answer took no more work than its limit. (The answers' conditions
// — λ ≥ 0, the cone, complementarity — are the harnesses' own checks on the host.)
#include <cstdint>
#include <cstdio>
#include <tuple>

#include "ff_test.hpp"
#include "footfall/dynamics.hpp"
#include "fuzz_corpus.hpp"
#include "instructions_of.hpp"
#include "quadruped_input.hpp"
#include "well_formed.hpp"

namespace {

using namespace footfall;

// Everything a replay touches: static (the workspaces are too large for a board's stack).
template <typename S>
struct Replay {
  QuadrupedModel<S> model;
  Workspace<S, 13, 18> ws;
  fuzz::StanceTick<S> stance_tick;
  fuzz::StrikeTick<S> strike_tick;
  StanceWorkspace<S, 18, fuzz::kFeet> stance;
  StanceResult<S, 18, fuzz::kFeet> stance_result;
  StrikeWorkspace<S, 18, fuzz::kFeet> strike;
  StrikeResult<S, 13, 18, fuzz::kFeet> strike_result;
};

template <typename S>
Replay<S>& replay() {
  static Replay<S> instance;
  return instance;
}

// What the replay of one harness's corpus came to.
struct Tally {
  int inputs = 0, ended_before_the_solve = 0, ok = 0, bad_input = 0, other = 0, wrong = 0;
  std::uint32_t worst = 0;  // instructions, on the boards
  const char* worst_input = "";
  int worst_contacts = 0;

  void count(const Status& status, std::uint32_t instructions, const char* input, int contacts) {
    if (status.ok())
      ++ok;
    else if (status.code == StatusCode::kBadInput)
      ++bad_input;
    else
      ++other;
    if (instructions > worst) {
      worst = instructions;
      worst_input = input;
      worst_contacts = contacts;
    }
  }
  void fail(const char* input, const char* what) {
    if (++wrong <= 5) std::printf("  %s: %s\n", input, what);
  }
  void print(const char* solve, const char* scalar) const {
    std::printf("  %s, %d fuzz-corpus inputs (%s): %d ended in the dynamics before the solve; ok %d, bad input %d, "
                "solver limits %d; %d wrong\n",
                solve, inputs, scalar, ended_before_the_solve, ok, bad_input, other, wrong);
    if (worst > 0)
      std::printf("    worst instructions: %lu (%d contacts, input %s)\n", static_cast<unsigned long>(worst),
                  worst_contacts, worst_input);
  }
};

template <typename S>
const char* scalar_name() {
  return sizeof(S) == 4 ? "float" : "double";
}

// Replays one harness's corpus: each input decoded into `tick` after its first byte (the
// harness's choice of scalar), the set's refusals checked, the dynamics terms computed from
// `state(tick)` = {q, v, gravity}, `solve(tick)` counted in instructions (the solve alone), and
// `check(status)` saying what is wrong with its answer, or nullptr.
template <typename S, typename Tick, typename Decode, typename State, typename Solve, typename Check>
Tally replay_corpus(Replay<S>& r, const test::FuzzInput* corpus, int size, Tick& tick, Decode decode, State state,
                    Solve solve, Check check) {
  Tally tally;
  for (int k = 0; k < size; ++k) {
    const test::FuzzInput& input = corpus[k];
    ++tally.inputs;
    fuzz::ByteReader in(input.data, input.size);
    (void)in.flag();  // the harness's choice of scalar
    decode(in, tick);
    if (tick.refused != fuzz::expected_refusals(tick.attempted)) tally.fail(input.name, "the set's capacity not enforced");
    const auto [q, v, gravity] = state(tick);
    if (!compute_tick_terms(r.model, r.ws, *q, *v, gravity).ok()) {
      ++tally.ended_before_the_solve;
      continue;
    }
    Status status;
    const std::uint32_t instructions = test::instructions_of([&] { status = solve(tick); });
    tally.count(status, instructions, input.name, tick.contacts.count);
    const char* wrong = check(status);
    if (wrong != nullptr) tally.fail(input.name, wrong);
  }
  return tally;
}

}  // namespace

FF_TEST_FLOAT_AND_DOUBLE(FuzzCorpus, StanceInputsAreRefusedOrSolvedWithinTheirWorkLimit) {
  Replay<S>& r = replay<S>();
  FF_ASSERT_TRUE(build_quadruped_model(&r.model).ok());
  const Tally tally = replay_corpus<S>(
      r, test::kStanceCorpus, test::kStanceCorpusSize, r.stance_tick,
      [](fuzz::ByteReader& in, fuzz::StanceTick<S>& t) { fuzz::read_stance_tick<S>(in, t); },
      [](const fuzz::StanceTick<S>& t) { return std::make_tuple(&t.q, &t.v, t.gravity); },
      [&r](const fuzz::StanceTick<S>& t) {
        return solve_stance(r.model, r.ws, t.contacts, t.tau, t.options, r.stance, r.stance_result);
      },
      [&r](const Status& status) -> const char* {
        const StanceResult<S, 18, fuzz::kFeet>& result = r.stance_result;
        if (!fuzz::well_formed(status) || status.code != result.status.code) return "a bad status";
        if (status.code == StatusCode::kBadInput)
          for (int i = 0; i < result.count; ++i)
            if (result.normal_force[i] != S(0)) return "bad input left a force";
        if (status.ok() && result.work > result.work_limit) return "over its work limit";
        return nullptr;
      });
  tally.print("stance", scalar_name<S>());
  FF_EXPECT_TRUE(tally.wrong == 0);
  FF_EXPECT_TRUE(tally.inputs > 0 && tally.ok > 0);  // a replay that solved nothing measured nothing
}

FF_TEST_FLOAT_AND_DOUBLE(FuzzCorpus, StrikeInputsAreRefusedOrSolvedWithinTheirWorkLimit) {
  Replay<S>& r = replay<S>();
  FF_ASSERT_TRUE(build_quadruped_model(&r.model).ok());
  const Tally tally = replay_corpus<S>(
      r, test::kStrikeCorpus, test::kStrikeCorpusSize, r.strike_tick,
      [](fuzz::ByteReader& in, fuzz::StrikeTick<S>& t) { fuzz::read_strike_tick<S>(in, t); },
      [](const fuzz::StrikeTick<S>& t) { return std::make_tuple(&t.q, &t.v, standard_gravity<S>()); },
      [&r](const fuzz::StrikeTick<S>& t) {
        return solve_strike(r.model, r.ws, t.contacts, t.v, t.options, r.strike, r.strike_result);
      },
      [&r](const Status& status) -> const char* {
        const StrikeResult<S, 13, 18, fuzz::kFeet>& result = r.strike_result;
        if (!fuzz::well_formed(status) || status.code != result.status.code) return "a bad status";
        if (status.ok() && result.work > result.work_limit) return "over its work limit";
        return nullptr;
      });
  tally.print("strike", scalar_name<S>());
  FF_EXPECT_TRUE(tally.wrong == 0);
  FF_EXPECT_TRUE(tally.inputs > 0 && tally.ok > 0);
}
