//! `igo count-legal WxH`: the number of legal positions of a board (every block has a liberty),
//! by the border-state dynamic program or by enumeration (`igo_core::legal_count`).

use anyhow::Result;
use clap::{Args, ValueEnum};
use igo_core::legal_count::{
    count_legal_positions, CountError, CountOptions, Method, Progress, MAX_DP_WIDTH,
    MAX_ENUMERATION_POINTS,
};
use igo_core::BoardSize;
use serde_json::json;

use crate::error::{bad_input, InputContext};
use crate::util::{interrupt_flag, print, print_json, progress_bar, stopped};

/// How to count.
#[derive(Clone, Copy, ValueEnum)]
pub enum MethodArg {
    /// The DP when a side is at most 9, else enumeration.
    Auto,
    /// Border-state dynamic program (a side of at most 9 points).
    Dp,
    /// Every colouring (at most 16 points).
    Enumerate,
}

/// Arguments of `igo count-legal`.
#[derive(Args)]
pub struct CountLegalArgs {
    /// Board size, WxH or N (1 to 19 a side), e.g. 4x4, 19x9.
    size: String,
    /// Counting method.
    #[arg(long, value_enum, default_value = "auto")]
    method: MethodArg,
    /// Print one JSON object: {"width":W,"height":H,"legal_positions":"N"}.
    #[arg(long)]
    json: bool,
}

/// Counts and prints the legal positions.
pub fn run(args: CountLegalArgs) -> Result<()> {
    let size: BoardSize = args
        .size
        .parse()
        .input_context(|| format!("board size {:?}", args.size))?;
    let method = match args.method {
        MethodArg::Auto => Method::Auto,
        MethodArg::Dp => Method::Dp,
        MethodArg::Enumerate => Method::Enumerate,
    };
    let short_side = size.width().min(size.height());
    let enumerating = matches!(method, Method::Enumerate)
        || (matches!(method, Method::Auto) && short_side > MAX_DP_WIDTH);
    // Runs that take more than a moment get a progress bar (drawn only on a terminal).
    let long = if enumerating {
        (14..=MAX_ENUMERATION_POINTS).contains(&size.point_count())
    } else {
        (7..=MAX_DP_WIDTH).contains(&short_side)
    };
    let bar = long.then(|| progress_bar(size.point_count() as u64, "counting"));
    let report = |p: Progress| {
        if let Some(bar) = &bar {
            bar.set_length(p.total);
            bar.set_position(p.done);
            if p.states > 0 {
                bar.set_message(format!("counting, {} border states", p.states));
            }
        }
    };
    let options = CountOptions {
        progress: Some(&report),
        stop: Some(interrupt_flag()),
    };
    let result = count_legal_positions(size, method, options);
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    let count = match result {
        Ok(n) => n,
        Err(CountError::Stopped) => {
            let partial = json!({"width": size.width(), "height": size.height()});
            return Err(stopped(
                args.json.then_some(&partial),
                format!("count-legal {size} stopped before the end"),
            ));
        }
        Err(CountError::TooManyPointsToEnumerate { .. }) if matches!(method, Method::Auto) => {
            return Err(bad_input(format!(
                "count-legal {size}: no method applies (the DP needs a side of at most \
                 {MAX_DP_WIDTH} points, enumeration at most {MAX_ENUMERATION_POINTS} points)"
            )))
        }
        Err(e) => return Err(bad_input(format!("count-legal {size}: {e}"))),
    };
    if args.json {
        print_json(&json!({
            "width": size.width(),
            "height": size.height(),
            "legal_positions": count.to_string(),
        }))?;
    } else {
        print(&format!("{count}\n"))?;
    }
    Ok(())
}
