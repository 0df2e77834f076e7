#include "footfall/host/motion/scenario.hpp"

#include "../state/state_parsing.hpp"

namespace footfall::host {

void state_parsing::parse_state_fields(const json& j, const RobotDescription& model, ScenarioState* s) {
  parse_common_fields(j, model, {"scheme", "duration", "step", "plane_offsets", "friction", "hold"}, false, s);
  static const MotionScheme kSchemes[] = {MotionScheme::kEventDriven, MotionScheme::kTrapezoidal,
                                          MotionScheme::kTimeStepping};
  if (!j.contains("scheme")) throw FieldError{"scheme", "missing (event_driven, trapezoidal or time_stepping)"};
  s->scheme = choice(j.at("scheme"), "scheme", kSchemes);
  if (!j.contains("duration")) throw FieldError{"duration", "missing (seconds to simulate)"};
  s->duration = number(j.at("duration"), "duration");
  if (!(s->duration > 0.0 && s->duration <= kMaxScenarioDuration))
    throw FieldError{"duration", "not in (0, " + std::to_string(static_cast<int>(kMaxScenarioDuration)) + "] s"};
  if (j.contains("step")) s->step = number(j.at("step"), "step");
  if (!(s->step >= kMinScenarioStep && s->step <= 0.1)) throw FieldError{"step", "not in [1e-6, 0.1] s"};
  s->plane_offsets.assign(s->contacts.size(), 0.0);
  if (j.contains("plane_offsets"))
    s->plane_offsets = numbers(j.at("plane_offsets"), s->contacts.size(), "plane_offsets", "one per contact");
  for (std::size_t i = 0; i < s->contacts.size(); ++i)
    if (!s->contacts[i].other_body.empty())
      throw FieldError{"contacts[" + std::to_string(i) + "].other_body",
                       "a simulated contact touches a fixed plane: no other_body"};
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
  if (j.contains("hold")) {
    const json& hold = j.at("hold");
    if (!hold.is_object() || !hold.contains("kp") || !hold.contains("kd") || hold.size() != 2)
      throw FieldError{"hold", "not an object {\"kp\": gain, \"kd\": gain}"};
    s->hold = true;
    s->kp = number(hold.at("kp"), "hold.kp");
    s->kd = number(hold.at("kd"), "hold.kd");
    if (s->kp < 0.0) throw FieldError{"hold.kp", "negative"};
    if (s->kd < 0.0) throw FieldError{"hold.kd", "negative"};
  }
}

}  // namespace footfall::host
