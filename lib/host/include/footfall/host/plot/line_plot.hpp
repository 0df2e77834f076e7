#pragma once
// Line plots written as PNG, for the simulations' time histories (`footfall simulate --plot`,
// examples/falling_rod): panels stacked vertically that share the x axis, each with its own
// y axis, series and legend. Drawn with cairo (Debian's libcairo2-dev).
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"

namespace footfall::host {

struct PlotSeries {
  std::string label;
  std::vector<double> x, y;  ///< the same length; non-finite points break the line
};

struct PlotPanel {
  std::string title, y_label;
  std::vector<PlotSeries> series;
};

struct PlotFigure {
  std::string title, x_label;
  std::vector<PlotPanel> panels;
  int width = 1000;          ///< pixels
  int panel_height = 340;    ///< pixels per panel
};

/// Writes the figure to `path` as a PNG. Errors name the path (cannot write) or the series
/// (x and y of different lengths, no finite point at all).
Result<void> write_plot_png(const PlotFigure& figure, const std::string& path);

}  // namespace footfall::host
