// main() for the host benchmarks that pair footfall with a peer: the usual console output, then a
// table of ratios. Benchmarks pair up by name: "Quadruped_H/footfall" with "Quadruped_H/mujoco",
// "Chain_Tick/footfall/24" with "Chain_Tick/mujoco/24" — the same name with the part "footfall"
// replaced by the peer's. Each ratio is footfall's time over the peer's, both from this run (the
// median when --benchmark_repetitions asks for several), so a shared, noisy machine slows both.
#include <benchmark/benchmark.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace {

constexpr const char* kOurs = "/footfall";

class PairedRatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    ConsoleReporter::ReportRuns(runs);
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      // run_name leaves out the aggregate's suffix, so a median reports under its benchmark.
      const std::string name = run.run_name.str();
      Timing& timing = timings_[name];
      // A median, once seen, wins over the single repetitions of the same benchmark.
      if (median || !timing.is_median) {
        timing.nanoseconds = run.GetAdjustedRealTime() * to_nanoseconds(run.time_unit);
        timing.is_median = median;
      }
      if (order_.empty() || order_.back() != name) order_.push_back(name);
    }
  }

  void Finalize() override {
    ConsoleReporter::Finalize();
    bool header = false;
    for (const std::string& name : order_) {
      const std::size_t at = name.find(kOurs);
      if (at == std::string::npos) continue;
      for (const auto& [peer_name, peer] : timings_) {
        const std::string peer_label = peer_of(name, at, peer_name);
        if (peer_label.empty() || !(peer.nanoseconds > 0)) continue;
        if (!header) {
          std::printf("\n%-44s %12s %12s %-8s %8s\n", "footfall vs peer (same run)", "footfall ns", "peer ns",
                      "peer", "ratio");
          header = true;
        }
        const double ours = timings_[name].nanoseconds;
        std::printf("%-44s %12.1f %12.1f %-8s %8.3f\n", without_ours(name, at).c_str(), ours, peer.nanoseconds,
                    peer_label.c_str(), ours / peer.nanoseconds);
      }
    }
  }

 private:
  struct Timing {
    double nanoseconds = 0;
    bool is_median = false;
  };

  static double to_nanoseconds(benchmark::TimeUnit unit) {
    switch (unit) {
      case benchmark::kNanosecond: return 1;
      case benchmark::kMicrosecond: return 1e3;
      case benchmark::kMillisecond: return 1e6;
      case benchmark::kSecond: return 1e9;
    }
    return 1;
  }

  static std::string without_ours(const std::string& name, std::size_t at) {
    return name.substr(0, at) + name.substr(at + std::char_traits<char>::length(kOurs));
  }

  // If `candidate` is `name` with "/footfall" replaced by "/<peer>", the peer's label; else "".
  static std::string peer_of(const std::string& name, std::size_t at, const std::string& candidate) {
    const std::string prefix = name.substr(0, at + 1);  // up to and including the '/'
    const std::string suffix = name.substr(at + std::char_traits<char>::length(kOurs));
    if (candidate == name || candidate.size() <= prefix.size() + suffix.size()) return "";
    if (candidate.compare(0, prefix.size(), prefix) != 0) return "";
    if (candidate.compare(candidate.size() - suffix.size(), suffix.size(), suffix) != 0) return "";
    const std::string label = candidate.substr(prefix.size(), candidate.size() - prefix.size() - suffix.size());
    return label.find('/') == std::string::npos ? label : "";
  }

  std::map<std::string, Timing> timings_;
  std::vector<std::string> order_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  PairedRatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  benchmark::Shutdown();
  return 0;
}
