//! The loss chart: training and validation loss per epoch, as SVG.

use super::EpochLoss;
use plotters::prelude::*;
use std::path::Path;

const SIZE: (u32, u32) = (800, 480);

pub(super) fn loss_chart(path: &Path, history: &[EpochLoss]) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<std::io::Error>| e.to_string();
    let points = |f: fn(&EpochLoss) -> f64| -> Vec<(f64, f64)> {
        history
            .iter()
            .map(|e| (e.epoch as f64, f(e)))
            .filter(|p| p.1.is_finite())
            .collect()
    };
    let train = points(|e| e.train);
    let val = points(|e| e.validation);
    let all = train.iter().chain(&val).map(|p| p.1);
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(f64::NEG_INFINITY, f64::max);
    if !lo.is_finite() {
        return Ok(());
    }
    let pad = ((hi - lo) * 0.1).max(1e-6);
    let epochs = history.len().max(1) as f64;

    let root = SVGBackend::new(path, SIZE).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let mut chart = ChartBuilder::on(&root)
        .caption("Training loss per epoch", ("sans-serif", 22))
        .margin(16)
        .x_label_area_size(48)
        .y_label_area_size(80)
        .build_cartesian_2d(0.5f64..epochs + 0.5, (lo - pad)..(hi + pad))
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("epoch")
        .y_desc("mean squared error")
        .y_label_formatter(&|y| format!("{y:.4}"))
        .axis_desc_style(("sans-serif", 18))
        .label_style(("sans-serif", 14))
        .draw()
        .map_err(err)?;
    for (name, series, colour) in [("training", train, BLUE), ("validation", val, RED)] {
        chart
            .draw_series(LineSeries::new(series.clone(), colour.stroke_width(2)))
            .map_err(err)?
            .label(name)
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 24, y)], colour.stroke_width(2))
            });
        chart
            .draw_series(
                series
                    .into_iter()
                    .map(|p| Circle::new(p, 3, colour.filled())),
            )
            .map_err(err)?;
    }
    chart
        .configure_series_labels()
        .border_style(BLACK)
        .background_style(WHITE.mix(0.8))
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}
