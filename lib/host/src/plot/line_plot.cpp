#include "footfall/host/plot/line_plot.hpp"

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "footfall/host/io/number_format.hpp"

namespace footfall::host {

namespace {

struct Range {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  void add(double v) {
    if (!std::isfinite(v)) return;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  bool empty() const { return !(lo <= hi); }
};

// A "nice" tick step (1, 2 or 5 × 10ᵏ) giving about `count` ticks over the span.
double tick_step(double span, int count) {
  const double raw = span / count;
  const double power = std::pow(10.0, std::floor(std::log10(raw)));
  const double fraction = raw / power;
  const double nice = fraction < 1.5 ? 1.0 : fraction < 3.5 ? 2.0 : fraction < 7.5 ? 5.0 : 10.0;
  return nice * power;
}

// Pads a range and widens a flat one so that every series stays visible.
Range padded(Range r) {
  if (r.empty()) return Range{0.0, 1.0};
  const double span = r.hi - r.lo;
  const double pad = span > 0.0 ? 0.05 * span : std::max(1e-9, 0.1 * std::abs(r.lo) + 0.5);
  return Range{r.lo - pad, r.hi + pad};
}

std::string tick_label(double v, double step) {
  if (std::abs(v) < 1e-3 * step) v = 0.0;
  const int decimals = std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9)));
  return format_printf("%.*f", decimals, v);
}

// The colours of successive series: distinguishable, and legible in grey.
constexpr double kColours[][3] = {{0.00, 0.45, 0.70}, {0.84, 0.37, 0.00}, {0.00, 0.62, 0.45},
                                  {0.80, 0.47, 0.65}, {0.35, 0.35, 0.35}, {0.90, 0.62, 0.00}};

void text(cairo_t* cr, double x, double y, const std::string& s, double size, double align_x, double align_y,
          bool bold = false) {
  cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
  cairo_text_extents_t e;
  cairo_text_extents(cr, s.c_str(), &e);
  cairo_move_to(cr, x - align_x * e.width - e.x_bearing, y - align_y * e.height - e.y_bearing);
  cairo_show_text(cr, s.c_str());
}

void draw_panel(cairo_t* cr, const PlotPanel& panel, const Range& xr, double left, double top, double width,
                double height, bool x_labels, const std::string& x_label) {
  Range yr;
  for (const PlotSeries& s : panel.series)
    for (double v : s.y) yr.add(v);
  yr = padded(yr);
  const auto px = [&](double x) { return left + (x - xr.lo) / (xr.hi - xr.lo) * width; };
  const auto py = [&](double y) { return top + height - (y - yr.lo) / (yr.hi - yr.lo) * height; };

  // Grid and ticks.
  cairo_set_line_width(cr, 1.0);
  const double xs = tick_step(xr.hi - xr.lo, 8), ys = tick_step(yr.hi - yr.lo, 5);
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  // Ticks by count, each placed from the first (no accumulated rounding); tick_step makes about
  // eight, so the bound is never the reason a loop stops.
  constexpr int kMaxTicks = 64;
  const double x0 = std::ceil(xr.lo / xs) * xs, y0 = std::ceil(yr.lo / ys) * ys;
  for (int i = 0; i < kMaxTicks && x0 + i * xs <= xr.hi + 1e-12 * xs; ++i) {
    const double x = x0 + i * xs;
    cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
    cairo_move_to(cr, px(x), top);
    cairo_line_to(cr, px(x), top + height);
    cairo_stroke(cr);
    if (x_labels) {
      cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
      text(cr, px(x), top + height + 6, tick_label(x, xs), 12, 0.5, 0.0);
    }
  }
  for (int i = 0; i < kMaxTicks && y0 + i * ys <= yr.hi + 1e-12 * ys; ++i) {
    const double y = y0 + i * ys;
    cairo_set_source_rgb(cr, 0.88, 0.88, 0.88);
    cairo_move_to(cr, left, py(y));
    cairo_line_to(cr, left + width, py(y));
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    text(cr, left - 8, py(y), tick_label(y, ys), 12, 1.0, 0.5);
  }
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  cairo_rectangle(cr, left, top, width, height);
  cairo_stroke(cr);
  text(cr, left + width / 2, top - 10, panel.title, 14, 0.5, 1.0, true);
  cairo_save(cr);
  cairo_translate(cr, left - 62, top + height / 2);
  cairo_rotate(cr, -M_PI / 2);
  text(cr, 0, 0, panel.y_label, 13, 0.5, 0.5);
  cairo_restore(cr);
  if (x_labels) text(cr, left + width / 2, top + height + 28, x_label, 13, 0.5, 0.0);

  // The series, clipped to the frame, and their legend.
  cairo_save(cr);
  cairo_rectangle(cr, left, top, width, height);
  cairo_clip(cr);
  cairo_set_line_width(cr, 1.6);
  for (std::size_t k = 0; k < panel.series.size(); ++k) {
    const PlotSeries& s = panel.series[k];
    const double* c = kColours[k % (sizeof kColours / sizeof kColours[0])];
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
    bool drawing = false;
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) {
        drawing = false;
        continue;
      }
      if (drawing)
        cairo_line_to(cr, px(s.x[i]), py(s.y[i]));
      else
        cairo_move_to(cr, px(s.x[i]), py(s.y[i]));
      drawing = true;
    }
    cairo_stroke(cr);
  }
  cairo_restore(cr);
  double ly = top + 12;
  for (std::size_t k = 0; k < panel.series.size(); ++k) {
    const double* c = kColours[k % (sizeof kColours / sizeof kColours[0])];
    cairo_set_source_rgb(cr, c[0], c[1], c[2]);
    cairo_set_line_width(cr, 3.0);
    cairo_move_to(cr, left + width - 190, ly);
    cairo_line_to(cr, left + width - 165, ly);
    cairo_stroke(cr);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
    text(cr, left + width - 158, ly, panel.series[k].label, 12, 0.0, 0.5);
    ly += 18;
  }
}

}  // namespace

Result<void> write_plot_png(const PlotFigure& figure, const std::string& path) {
  Range xr;
  for (const PlotPanel& panel : figure.panels)
    for (const PlotSeries& s : panel.series) {
      if (s.x.size() != s.y.size())
        return Error{path + ": series '" + s.label + "' has " + std::to_string(s.x.size()) + " x values and " +
                     std::to_string(s.y.size()) + " y values"};
      for (double x : s.x) xr.add(x);
    }
  if (figure.panels.empty() || xr.empty()) return Error{path + ": nothing to plot (no finite point)"};
  if (!(xr.hi > xr.lo)) xr.hi = xr.lo + 1.0;
  if (figure.width < 200 || figure.panel_height < 120) return Error{path + ": figure too small"};

  const int margin_top = figure.title.empty() ? 20 : 50, gap = 70, bottom = 60;
  const int height = margin_top + static_cast<int>(figure.panels.size()) * (figure.panel_height + gap) - gap + bottom;
  std::unique_ptr<cairo_surface_t, void (*)(cairo_surface_t*)> surface(
      cairo_image_surface_create(CAIRO_FORMAT_RGB24, figure.width, height), cairo_surface_destroy);
  std::unique_ptr<cairo_t, void (*)(cairo_t*)> context(cairo_create(surface.get()), cairo_destroy);
  cairo_t* cr = context.get();
  if (cairo_status(cr) != CAIRO_STATUS_SUCCESS) return Error{path + ": cannot create the image"};
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_paint(cr);
  cairo_set_source_rgb(cr, 0.1, 0.1, 0.1);
  if (!figure.title.empty()) text(cr, figure.width / 2.0, 16, figure.title, 16, 0.5, 0.0, true);
  const double left = 90, width = figure.width - left - 30;
  for (std::size_t p = 0; p < figure.panels.size(); ++p) {
    const double top = margin_top + static_cast<double>(p) * (figure.panel_height + gap) + 10;
    draw_panel(cr, figure.panels[p], xr, left, top, width, figure.panel_height - 10, p + 1 == figure.panels.size(),
               figure.x_label);
  }
  cairo_surface_flush(surface.get());
  if (cairo_surface_write_to_png(surface.get(), path.c_str()) != CAIRO_STATUS_SUCCESS)
    return Error{path + ": cannot write the PNG file"};
  return {};
}

}  // namespace footfall::host
