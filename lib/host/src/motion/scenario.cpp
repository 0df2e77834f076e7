#include "footfall/host/motion/scenario.hpp"

#include "../state/state_parsing.hpp"
#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

void parse_soft_parameters(const nlohmann::json& j, SoftContactParameters<double>* p) {
  using state_parsing::FieldError;
  using state_parsing::number;
  if (!j.is_object()) throw FieldError{"soft", "not an object"};
  state_parsing::refuse_unknown_keys(j, "soft", "soft",
                                     {"law", "stiffness", "damping", "exponent", "tangential_stiffness", "tangential_damping"});
  static const SoftNormalLaw kLaws[] = {SoftNormalLaw::kLinearSurface, SoftNormalLaw::kHuntCrossley};
  if (j.contains("law")) p->law = state_parsing::choice(j.at("law"), "soft.law", kLaws);
  if (j.contains("stiffness")) p->normal_stiffness = number(j.at("stiffness"), "soft.stiffness");
  if (j.contains("damping")) p->normal_damping = number(j.at("damping"), "soft.damping");
  if (j.contains("exponent")) p->exponent = number(j.at("exponent"), "soft.exponent");
  if (j.contains("tangential_stiffness"))
    p->tangential_stiffness = number(j.at("tangential_stiffness"), "soft.tangential_stiffness");
  if (j.contains("tangential_damping"))
    p->tangential_damping = number(j.at("tangential_damping"), "soft.tangential_damping");
  const auto positive = [](double x, const char* field) {
    if (!(x > 0.0)) throw FieldError{field, "not positive"};
  };
  positive(p->normal_stiffness, "soft.stiffness");
  if (p->law == SoftNormalLaw::kLinearSurface)
    positive(p->normal_damping, "soft.damping");  // the linear surface relaxes through it
  else if (p->normal_damping < 0.0)
    throw FieldError{"soft.damping", "negative"};
  if (p->exponent < 1.0) throw FieldError{"soft.exponent", "below 1"};
  positive(p->tangential_stiffness, "soft.tangential_stiffness");
  positive(p->tangential_damping, "soft.tangential_damping");
}

}  // namespace

void state_parsing::parse_state_fields(const json& j, const RobotDescription& model, ScenarioState* s) {
  parse_common_fields(j, model, {"scheme", "duration", "step", "plane_offsets", "friction", "soft", "hold"}, false, s);
  static const MotionScheme kSchemes[] = {MotionScheme::kEventDriven, MotionScheme::kTrapezoidal,
                                          MotionScheme::kTimeStepping, MotionScheme::kSoft};
  if (!j.contains("scheme")) throw FieldError{"scheme", "missing (event_driven, trapezoidal, time_stepping or soft)"};
  s->scheme = choice(j.at("scheme"), "scheme", kSchemes);
  if (!j.contains("duration")) throw FieldError{"duration", "missing (seconds to simulate)"};
  s->duration = number(j.at("duration"), "duration");
  if (!(s->duration > 0.0 && s->duration <= kMaxScenarioDuration))
    throw FieldError{"duration", "not in (0, " + std::to_string(static_cast<int>(kMaxScenarioDuration)) + "] s"};
  if (j.contains("step")) s->step = number(j.at("step"), "step");
  if (!(s->step >= kMinScenarioStep && s->step <= 0.1)) throw FieldError{"step", "not in [1e-6, 0.1] s"};
  // duration / step rounds (60 / 0.0003 is 200000.00000000003): a part in 1e12 over is the limit.
  if (s->duration / s->step > kMaxScenarioSteps * (1.0 + 1e-12))
    throw FieldError{"step", "duration / step is " + format_refused(s->duration / s->step) + " steps, more than the " +
                                 format_short(kMaxScenarioSteps) + " a run may take: lengthen the step or shorten the duration"};
  s->plane_offsets.assign(s->contacts.size(), 0.0);
  if (j.contains("plane_offsets"))
    s->plane_offsets = numbers(j.at("plane_offsets"), s->contacts.size(), "plane_offsets", "one per contact");
  for (std::size_t i = 0; i < s->contacts.size(); ++i)
    if (!s->contacts[i].other_body.empty())
      throw FieldError{"contacts[" + std::to_string(i) + "].other_body",
                       "a simulated contact touches a fixed plane: no other_body"};
  // The strike solver needs a pad on every contact of a strike once any has one, and which
  // contacts a run's strikes take in is not known before the run: all or none, checked here.
  for (std::size_t i = 0; i < s->contacts.size(); ++i)
    if (s->contacts[i].has_pad() != s->contacts.front().has_pad())
      throw FieldError{"contacts[" + std::to_string(s->contacts[i].has_pad() ? 0 : i) + "].pad",
                       "missing: when any contact has a pad, every one needs one"};
  static const FrictionModel kFrictions[] = {FrictionModel::kNone, FrictionModel::kPyramid4, FrictionModel::kPyramid8,
                                             FrictionModel::kCone};
  if (j.contains("friction")) s->friction = choice(j.at("friction"), "friction", kFrictions);
  if (s->scheme == MotionScheme::kEventDriven) {
    if (s->friction != FrictionModel::kNone)
      throw FieldError{"friction", "the event_driven scheme is frictionless; use trapezoidal or time_stepping for friction"};
    for (std::size_t i = 0; i < s->contacts.size(); ++i)
      if (s->contacts[i].mu != 0.0)
        throw FieldError{"contacts[" + std::to_string(i) + "].mu",
                         "the event_driven scheme is frictionless: mu must be 0 (or use trapezoidal or time_stepping)"};
  }
  if (s->scheme == MotionScheme::kSoft && j.contains("friction"))
    throw FieldError{"friction", "the soft scheme takes friction from each contact's mu through its tangential springs"};
  if (j.contains("soft")) {
    if (s->scheme != MotionScheme::kSoft) throw FieldError{"soft", "only for the soft scheme"};
    parse_soft_parameters(j.at("soft"), &s->soft);
  }
  if (j.contains("hold")) {
    const json& hold = j.at("hold");
    if (!hold.is_object()) throw FieldError{"hold", "not an object {\"kp\": gain, \"kd\": gain}"};
    state_parsing::refuse_unknown_keys(hold, "hold", "hold", {"kp", "kd"});
    for (const char* gain : {"kp", "kd"})
      if (!hold.contains(gain)) throw FieldError{std::string("hold.") + gain, "missing"};
    s->hold = true;
    s->kp = number(hold.at("kp"), "hold.kp");
    s->kd = number(hold.at("kd"), "hold.kd");
    if (s->kp < 0.0) throw FieldError{"hold.kp", "negative"};
    if (s->kd < 0.0) throw FieldError{"hold.kd", "negative"};
  }
}

}  // namespace footfall::host
