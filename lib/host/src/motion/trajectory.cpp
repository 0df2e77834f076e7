#include "footfall/host/motion/trajectory.hpp"

#include <algorithm>
#include <fstream>

#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

std::string event_names(unsigned events) {
  static const struct {
    unsigned bit;
    const char* name;
  } kNames[] = {{kEventContactGain, "contact_gain"}, {kEventContactLoss, "contact_loss"},
                {kEventNegativeForce, "negative_force"}, {kEventRest, "rest"}, {kEventStepHalved, "step_halved"}};
  std::string out;
  for (const auto& n : kNames)
    if (events & n.bit) out += (out.empty() ? "" : "|") + std::string(n.name);
  return out;
}

Result<void> write_trajectory_csv(const Trajectory& t, const std::string& path) {
  std::ofstream out(path);
  if (!out) return Error{path + ": cannot open for writing"};
  const std::size_t nq = t.samples.empty() ? 0 : t.samples.front().q.size();
  std::size_t nv = 0;
  for (const TrajectorySample& s : t.samples) nv = std::max(nv, s.v.size());
  out << "time";
  for (std::size_t k = 0; k < nq; ++k) out << ",q" << k;
  for (std::size_t k = 0; k < nv; ++k) out << ",v" << k;
  for (const std::string& c : t.contact_names)
    out << ",gap_" << c << ",normal_velocity_" << c << ",normal_force_" << c << ",impulse_" << c;
  out << ",events\n";
  for (const TrajectorySample& s : t.samples) {
    out << format_exact(s.time);
    for (double x : s.q) out << ',' << format_exact(x);
    for (std::size_t k = 0; k < nv; ++k) out << ',' << (k < s.v.size() ? format_exact(s.v[k]) : std::string());
    for (std::size_t c = 0; c < s.gap.size(); ++c)
      out << ',' << format_exact(s.gap[c]) << ',' << format_exact(s.normal_velocity[c]) << ','
          << format_exact(s.normal_force[c]) << ',' << format_exact(s.normal_impulse[c]);
    out << ',' << event_names(s.events) << '\n';
  }
  if (!out) return Error{path + ": write failed"};
  return {};
}

PlotFigure contact_figure(const Trajectory& t, const std::string& title) {
  PlotFigure figure;
  figure.title = title;
  figure.x_label = "time (s)";
  PlotPanel velocity{"Normal velocity of the contact points", "normal velocity (m/s)", {}};
  PlotPanel force{"Normal contact force", "normal force (N)", {}};
  for (std::size_t c = 0; c < t.contact_names.size(); ++c) {
    PlotSeries v{t.contact_names[c], {}, {}}, f{t.contact_names[c], {}, {}};
    for (const TrajectorySample& s : t.samples) {
      v.x.push_back(s.time);
      v.y.push_back(s.normal_velocity[c]);
      f.x.push_back(s.time);
      f.y.push_back(s.normal_force[c]);
    }
    velocity.series.push_back(std::move(v));
    force.series.push_back(std::move(f));
  }
  figure.panels = {std::move(velocity), std::move(force)};
  return figure;
}

}  // namespace footfall::host
