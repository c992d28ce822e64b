//! Komi as GTP gives it (any real number, e.g. 7.25) and scores printed from it.
//!
//! igo-core's [`Komi`] holds half points. A game's area difference is an integer, so for deciding
//! who wins only the half-point komi with the same winner on every integer difference is needed:
//! an integer komi stays (draws possible), any other becomes the half point between its two
//! integers (7.25 and 7.9 both decide like 7.5). Margins shown to the user use the exact komi.

use igo_core::Komi;

/// The largest komi accepted (igo-core's half-point komi holds +-1000).
pub const MAX_KOMI: f64 = 1000.0;

/// Reads a GTP komi: a finite number within +-[`MAX_KOMI`]; `syntax error` otherwise.
pub fn parse_komi(s: &str) -> Result<f64, String> {
    let k: f64 = s.trim().parse().map_err(|_| "syntax error".to_string())?;
    if !k.is_finite() || k.abs() > MAX_KOMI {
        return Err("syntax error".into());
    }
    Ok(k)
}

/// The half-point komi that gives the same winner as `komi` for every integer area difference.
pub fn search_komi(komi: f64) -> Komi {
    let k = komi.clamp(-MAX_KOMI, MAX_KOMI);
    let halves = if k.fract() == 0.0 {
        2.0 * k
    } else {
        2.0 * k.floor() + 1.0
    };
    Komi::from_halves(halves as i32)
}

/// A number with at most four decimals and no trailing zeros: `74`, `73.75`, `0.5`.
pub fn format_number(v: f64) -> String {
    let s = format!("{:.4}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// A result in GTP/SGF form from Black's margin: `B+3.5`, `W+0.25`, `0`.
pub fn format_margin(margin: f64) -> String {
    if margin.abs() < 1e-9 {
        "0".into()
    } else if margin > 0.0 {
        format!("B+{}", format_number(margin))
    } else {
        format!("W+{}", format_number(-margin))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_komi_decides_every_integer_difference_as_the_real_komi() {
        for komi in [7.25, 7.5, 7.0, 6.9, -0.25, -3.0, 0.0, 0.1, -7.75, 999.5] {
            let k = search_komi(komi);
            for d in -400i32..400 {
                let real = (d as f64 - komi).partial_cmp(&0.0).unwrap();
                let half = (2 * d - k.halves()).cmp(&0);
                assert_eq!(real, half, "komi {komi} difference {d}");
            }
        }
    }

    #[test]
    fn komi_and_margins_read_and_print() {
        assert_eq!(parse_komi("7.25"), Ok(7.25));
        assert_eq!(parse_komi("-3"), Ok(-3.0));
        assert_eq!(parse_komi("x"), Err("syntax error".into()));
        assert_eq!(parse_komi("nan"), Err("syntax error".into()));
        assert_eq!(parse_komi("1e9"), Err("syntax error".into()));
        assert_eq!(format_margin(81.0 - 7.25), "B+73.75");
        assert_eq!(format_margin(-0.5), "W+0.5");
        assert_eq!(format_margin(74.0), "B+74");
        assert_eq!(format_margin(0.0), "0");
        assert_eq!(format_margin(8.0 - 7.1), "B+0.9");
    }
}
