//! The lab's two charts, as SVG: nodes to each depth per configuration (log scale), and the
//! share of fail-highs on the first move (and within the first four) per configuration.

use super::ConfigSummary;
use plotters::coord::ranged1d::SegmentValue;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::Path;

const SIZE: (u32, u32) = (900, 560);

/// Distinct colours that read well on white, then plotters' palette.
fn colour(i: usize) -> RGBColor {
    const COLOURS: [RGBColor; 8] = [
        RGBColor(0x1f, 0x77, 0xb4),
        RGBColor(0xff, 0x7f, 0x0e),
        RGBColor(0x2c, 0xa0, 0x2c),
        RGBColor(0xd6, 0x27, 0x28),
        RGBColor(0x94, 0x67, 0xbd),
        RGBColor(0x8c, 0x56, 0x4b),
        RGBColor(0xe3, 0x77, 0xc2),
        RGBColor(0x7f, 0x7f, 0x7f),
    ];
    if i < COLOURS.len() {
        COLOURS[i]
    } else {
        let (r, g, b) = Palette99::pick(i).rgb();
        RGBColor(r, g, b)
    }
}

/// 1234567 as `1.2M`, for axis labels.
pub(crate) fn short_count(v: f64) -> String {
    let (div, unit) = if v >= 1e9 {
        (1e9, "G")
    } else if v >= 1e6 {
        (1e6, "M")
    } else if v >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / div;
    if x >= 100.0 || x.fract().abs() < 1e-9 {
        format!("{x:.0}{unit}")
    } else {
        format!("{x:.1}{unit}")
    }
}

fn err(e: impl std::fmt::Display) -> String {
    format!("chart: {e}")
}

/// Both charts end alike: the legend in the upper left, then the file written.
fn legend_and_present<'a, CT: CoordTranslate>(
    chart: &mut ChartContext<'a, SVGBackend<'a>, CT>,
    root: &DrawingArea<SVGBackend<'a>, plotters::coord::Shift>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK.mix(0.5))
        .label_font(("sans-serif", 15))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

/// Line chart: x = depth, y = nodes to that depth (summed over the suite), log scale.
pub(crate) fn nodes_by_depth(
    path: &Path,
    summaries: &[ConfigSummary],
    what: &str,
) -> Result<(), String> {
    let depth = summaries
        .iter()
        .map(|s| s.complete_depth())
        .max()
        .unwrap_or(0)
        .max(1);
    let values = summaries
        .iter()
        .flat_map(|s| s.depth_nodes.iter().flatten().copied())
        .filter(|&n| n > 0);
    let lo = values.clone().min().unwrap_or(1) as f64;
    let hi = values.max().unwrap_or(10) as f64;
    let (lo, hi) = (lo / 2.0, hi * 2.0);

    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(format!("Nodes to each depth ({what})"), ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(80)
        .build_cartesian_2d(0.7f64..depth as f64 + 0.3, (lo..hi).log_scale())
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("depth")
        .y_desc("nodes (log scale)")
        .x_labels(depth)
        .x_label_formatter(&|x| {
            if (x - x.round()).abs() < 1e-6 && *x >= 1.0 {
                format!("{x:.0}")
            } else {
                String::new()
            }
        })
        .y_label_formatter(&|y| short_count(*y))
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 14))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;
    for (i, s) in summaries.iter().enumerate() {
        let c = colour(i);
        let points: Vec<(f64, f64)> = s
            .depth_nodes
            .iter()
            .enumerate()
            .filter_map(|(d, n)| n.filter(|&n| n > 0).map(|n| (d as f64 + 1.0, n as f64)))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), c.stroke_width(2)))
            .map_err(err)?
            .label(s.config.label.clone())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], c.stroke_width(2)));
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 3, c.filled())))
            .map_err(err)?;
    }
    legend_and_present(&mut chart, &root)
}

/// Bar chart: per configuration, the share of main-search fail-highs on the first move
/// (dark bar) drawn over the share within the first four moves (light bar).
pub(crate) fn fail_high_first(
    path: &Path,
    summaries: &[ConfigSummary],
    what: &str,
) -> Result<(), String> {
    let n = summaries.len().max(1) as i32;
    let labels: Vec<String> = summaries.iter().map(|s| s.config.label.clone()).collect();
    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("Main-search fail-highs on the first move ({what})"),
            ("sans-serif", 22),
        )
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(64)
        // A segmented range over 0..=n-1: one slot per configuration (at least two slots:
        // a range of one value has no width, and its bar would not show); the band above
        // 100 holds the legend.
        .build_cartesian_2d((0..n.max(2) - 1).into_segmented(), 0f64..128f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc("configuration")
        .y_desc("% of fail-high nodes")
        .x_labels(n as usize)
        .x_label_formatter(&|v| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        })
        .y_labels(14)
        .y_label_formatter(&|y| {
            if *y <= 100.0 + 1e-9 {
                format!("{y:.0}")
            } else {
                String::new()
            }
        })
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 14))
        .light_line_style(WHITE.mix(0.0))
        .draw()
        .map_err(err)?;

    let first_colour = colour(0);
    let four_colour = RGBColor(0xa6, 0xce, 0xe3);
    let bar = |i: i32, v: f64, c: RGBColor| {
        let mut r = Rectangle::new(
            [
                (SegmentValue::Exact(i), 0.0),
                (SegmentValue::Exact(i + 1), v),
            ],
            c.filled(),
        );
        r.set_margin(0, 0, 14, 14);
        r
    };
    chart
        .draw_series(
            summaries
                .iter()
                .enumerate()
                .map(|(i, s)| bar(i as i32, s.stats.main.first_four_pct(), four_colour)),
        )
        .map_err(err)?
        .label("within the first four moves")
        .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], four_colour.filled()));
    chart
        .draw_series(
            summaries
                .iter()
                .enumerate()
                .map(|(i, s)| bar(i as i32, s.stats.main.first_pct(), first_colour)),
        )
        .map_err(err)?
        .label("first move")
        .legend(move |(x, y)| Rectangle::new([(x, y - 6), (x + 18, y + 6)], first_colour.filled()));
    let above =
        TextStyle::from(("sans-serif", 13).into_font()).pos(Pos::new(HPos::Center, VPos::Bottom));
    let inside = TextStyle::from(("sans-serif", 13).into_font())
        .color(&WHITE)
        .pos(Pos::new(HPos::Center, VPos::Top));
    for (i, s) in summaries.iter().enumerate() {
        let x = SegmentValue::CenterOf(i as i32);
        let four = s.stats.main.first_four_pct();
        let first = s.stats.main.first_pct();
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{four:.1}"),
                (x.clone(), four + 0.5),
                above.clone(),
            )))
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(Text::new(
                format!("{first:.1}"),
                (x, (first - 1.0).max(4.0)),
                inside.clone(),
            )))
            .map_err(err)?;
    }
    legend_and_present(&mut chart, &root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_counts() {
        assert_eq!(short_count(950.0), "950");
        assert_eq!(short_count(1000.0), "1k");
        assert_eq!(short_count(1500.0), "1.5k");
        assert_eq!(short_count(250_000.0), "250k");
        assert_eq!(short_count(3_200_000.0), "3.2M");
    }
}
