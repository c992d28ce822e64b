//! Counting the solutions of a 0-1 formulation ([`Model`]) by number of liberties: the number
//! of boards with exactly `k` liberties satisfying every constraint, for every `k` up to a limit.
//! With the simple formulation this is the domination polynomial of the grid; with cuts it gives
//! the "corner" and "centre" columns of the paper's Table 2.
//!
//! The method is a DP over the variables in row-major order whose state is the partial sum of
//! every constraint that has seen some but not all of its variables. It knows nothing about
//! grids or frontiers (it reads only the constraint rows), so it is an independent check of both
//! the model builder and the frontier DP of [`crate::dp`]. States number about `2^(2W)`, so it is
//! meant for boards up to about 9 x 9.

use std::collections::HashMap;

use num_bigint::BigUint;

use crate::error::MspError;
use crate::model::Model;

/// Most constraints that may be open at once (two bits each in a `u128` key).
const MAX_OPEN: usize = 64;

/// `counts[k]` = number of feasible 0-1 points with exactly `k` ones, for `k = 0..=max_k`.
pub fn solutions_by_liberties(model: &Model, max_k: usize) -> Result<Vec<BigUint>, MspError> {
    let nv = model.variable_count();
    let cons = model.constraints();
    let max_k = max_k.min(nv);
    // First and last variable of each constraint; coefficient of each variable in each.
    let span: Vec<(usize, usize)> = cons
        .iter()
        .map(|c| {
            let first = c.terms.iter().map(|t| t.0).min().unwrap_or(0);
            let last = c.terms.iter().map(|t| t.0).max().unwrap_or(0);
            (first, last)
        })
        .collect();
    for c in cons {
        if c.terms.iter().any(|&(_, a)| a != 1 && a != -1) || c.terms.len() > 8 {
            return Err(MspError::InvalidOption(
                "the counting DP takes coefficients +1 and -1 and at most 8 terms".into(),
            ));
        }
    }
    // Constraints with nothing in them must hold outright.
    if cons.iter().any(|c| c.terms.is_empty() && c.lower > 0) {
        return Ok(vec![BigUint::default(); max_k + 1]);
    }
    // Open constraints after variable v: first <= v < last, in id order.
    let open_after: Vec<Vec<usize>> = (0..nv)
        .map(|v| {
            (0..cons.len())
                .filter(|&i| span[i].0 <= v && v < span[i].1)
                .collect()
        })
        .collect();
    let starting: Vec<Vec<usize>> = (0..nv)
        .map(|v| (0..cons.len()).filter(|&i| span[i].0 == v).collect())
        .collect();
    if let Some(v) = open_after.iter().position(|o| o.len() > MAX_OPEN) {
        return Err(MspError::TooLarge {
            what: format!(
                "counting solutions ({} constraints open at variable {v})",
                open_after[v].len()
            ),
            grid: model.grid().to_string(),
            needed_mib: u64::MAX >> 20,
            limit_mib: 0,
        });
    }
    // A partial sum is kept in [-2, 1]: once a row of nonnegative remaining coefficients reaches
    // its bound it stays satisfied. Two bits per open constraint, value + 2.
    let coef =
        |i: usize, v: usize| -> i32 { cons[i].terms.iter().find(|t| t.0 == v).map_or(0, |t| t.1) };
    let clip = |i: usize, sum: i32, v: usize| -> i32 {
        // Remaining terms after v are all nonnegative for cover and corner rows.
        let rest_nonneg = cons[i].terms.iter().all(|&(u, a)| u <= v || a > 0);
        let s = if rest_nonneg {
            sum.min(cons[i].lower)
        } else {
            sum
        };
        s.clamp(-2, 1)
    };
    let mut layer: HashMap<u128, Vec<u128>> = HashMap::new();
    let mut seed = vec![0u128; max_k + 1];
    seed[0] = 1;
    layer.insert(0, seed);
    let mut prev_open: Vec<usize> = Vec::new();
    for v in 0..nv {
        let open = &open_after[v];
        let mut next: HashMap<u128, Vec<u128>> = HashMap::with_capacity(layer.len() * 2);
        for (key, poly) in &layer {
            // Decode the partial sums of prev_open.
            let sums: Vec<i32> = (0..prev_open.len())
                .map(|k| ((key >> (2 * k)) & 3) as i32 - 2)
                .collect();
            'choice: for x in 0..=1i32 {
                let mut new_key = 0u128;
                // Constraints open before v, or starting at v.
                for &i in prev_open.iter().chain(starting[v].iter()) {
                    let before = match prev_open.iter().position(|&p| p == i) {
                        Some(k) => sums[k],
                        None => 0,
                    };
                    let sum = before + coef(i, v) * x;
                    if span[i].1 == v {
                        if sum < cons[i].lower {
                            continue 'choice;
                        }
                        continue;
                    }
                    let slot = open.binary_search(&i).expect("open after v");
                    let s = clip(i, sum, v);
                    new_key |= ((s + 2) as u128) << (2 * slot);
                }
                let shift = x as usize;
                let entry = next
                    .entry(new_key)
                    .or_insert_with(|| vec![0u128; max_k + 1]);
                for k in 0..=max_k - shift.min(max_k) {
                    if k + shift > max_k {
                        break;
                    }
                    let add = poly[k];
                    if add != 0 {
                        entry[k + shift] = entry[k + shift]
                            .checked_add(add)
                            .ok_or_else(|| MspError::Solver("count exceeds 128 bits".into()))?;
                    }
                }
            }
        }
        layer = next;
        prev_open = open.clone();
    }
    let mut total = vec![0u128; max_k + 1];
    for poly in layer.values() {
        for (t, p) in total.iter_mut().zip(poly) {
            *t += p;
        }
    }
    Ok(total.into_iter().map(BigUint::from).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cuts;
    use crate::Grid;

    /// All 2^n assignments, checked directly against the model.
    fn brute(model: &Model) -> Vec<u64> {
        let n = model.variable_count();
        let mut out = vec![0u64; n + 1];
        for mask in 0u64..(1 << n) {
            let x: Vec<bool> = (0..n).map(|i| mask >> i & 1 == 1).collect();
            if model.is_feasible(&x) {
                out[mask.count_ones() as usize] += 1;
            }
        }
        out
    }

    #[test]
    fn counting_dp_matches_brute_force_on_small_boards() {
        for (w, h, cuts) in [
            (1, 1, Cuts::None),
            (2, 3, Cuts::None),
            (3, 3, Cuts::All),
            (4, 3, Cuts::Corner),
            (4, 4, Cuts::All),
            (4, 4, Cuts::Centre),
            (5, 3, Cuts::None),
            (1, 7, Cuts::None),
        ] {
            let m = Model::new(Grid::new(w, h).unwrap(), cuts).unwrap();
            let n = m.variable_count();
            let got: Vec<u64> = solutions_by_liberties(&m, n)
                .unwrap()
                .iter()
                .map(|b| u64::try_from(b).unwrap())
                .collect();
            assert_eq!(got, brute(&m), "{w}x{h} {cuts}");
        }
    }
}
