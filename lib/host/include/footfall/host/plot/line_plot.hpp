#pragma once
// Line plots written as PNG, for the simulations' time histories (`footfall simulate --plot`,
// examples/falling_rod): panels stacked vertically that share the x axis, each with its own
// y axis, series and legend. Drawn with cairo (Debian's libcairo2-dev).
#include <string>
#include <vector>

#include "footfall/host/common/result.hpp"

namespace footfall::host {

/// One line of a panel: its points and its name in the legend.
struct PlotSeries {
  std::string label;  ///< its name in the panel's legend
  ///@{
  /// The points' coordinates, x in the figure's units and y in the panel's: the same length;
  /// a non-finite point breaks the line.
  std::vector<double> x, y;
  ///@}
};

/// One panel of a figure: a frame with its own y axis, its series and their legend.
struct PlotPanel {
  ///@{
  /// The title above the panel and the label of its y axis, with the unit: "normal force (N)".
  std::string title, y_label;
  ///@}
  std::vector<PlotSeries> series;  ///< drawn in order, each in the next of six colours
};

/// A figure: its panels stacked top to bottom, sharing the x axis.
struct PlotFigure {
  ///@{
  /// The title at the top of the figure (none when empty) and the label of the shared x axis,
  /// under the lowest panel.
  std::string title, x_label;
  ///@}
  std::vector<PlotPanel> panels;  ///< top to bottom
  int width = 1000;          ///< pixels
  int panel_height = 340;    ///< pixels per panel
};

/// Writes the figure to `path` as a PNG. Errors name the path (cannot write) or the series
/// (x and y of different lengths, no finite point at all).
Result<void> write_plot_png(const PlotFigure& figure, const std::string& path);

}  // namespace footfall::host
