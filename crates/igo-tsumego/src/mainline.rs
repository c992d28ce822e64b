//! The Min-Max route (paper 004, section 5.1, figure 15): from the root of the UCT tree, follow
//! the child with the highest capture rate on the attacker's turn and the lowest on the
//! defender's, while the nodes have enough visits to be trusted.
//!
//! Refinements: a proven child is taken (a proven win for the mover first; among the mover's
//! proven losses, the one resisting longest, i.e. with most visits), and a child is only
//! considered if it has at least `min_visits` playouts and a tenth of its best-visited sibling's,
//! so that a lucky move with three playouts does not steer the line.

use igo_core::Move;

use crate::uct::{ChildStats, Proof, Search, SearchState};

/// One move of a line, with what the search knows of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineMove<M> {
    /// The move.
    pub mv: M,
    /// Its capture rate (mean playout value, or the proven value).
    pub capture_rate: f32,
    /// Playouts through it.
    pub visits: u64,
    /// What is proven about it.
    pub proof: Proof,
}

/// The Min-Max route of `search`, at most `max_len` moves, each with at least `min_visits`.
pub fn min_max_route<S>(
    search: &Search<S>,
    min_visits: u64,
    max_len: usize,
) -> Vec<LineMove<S::Move>>
where
    S: SearchState + Clone + Send + Sync,
{
    let mut path: Vec<S::Move> = Vec::new();
    let mut line = Vec::new();
    let mut maximizing = search.root().maximizing();
    while line.len() < max_len {
        let children = search.children_after(&path);
        let Some(pick) = choose(&children, maximizing, min_visits) else {
            break;
        };
        line.push(LineMove {
            mv: pick.mv,
            capture_rate: pick.value,
            visits: pick.visits,
            proof: pick.proof,
        });
        path.push(pick.mv);
        maximizing = !maximizing;
    }
    line
}

fn choose<M: Copy>(
    children: &[ChildStats<M>],
    maximizing: bool,
    min_visits: u64,
) -> Option<ChildStats<M>> {
    let wins = |c: &ChildStats<M>| {
        c.proof
            == if maximizing {
                Proof::MaxWins
            } else {
                Proof::MinWins
            }
    };
    let loses = |c: &ChildStats<M>| {
        c.proof
            == if maximizing {
                Proof::MinWins
            } else {
                Proof::MaxWins
            }
    };
    if let Some(w) = children.iter().filter(|c| wins(c)).max_by_key(|c| c.visits) {
        return Some(*w);
    }
    let most = children.iter().map(|c| c.visits).max()?;
    let floor = min_visits.max(most / 10);
    let open: Vec<&ChildStats<M>> = children
        .iter()
        .filter(|c| !loses(c) && c.visits >= floor)
        .collect();
    if open.is_empty() {
        // Every move loses: resist longest.
        return children
            .iter()
            .filter(|c| loses(c) && c.visits >= min_visits)
            .max_by_key(|c| c.visits)
            .copied();
    }
    open.into_iter()
        .max_by(|a, b| {
            let (va, vb) = if maximizing {
                (a.value, b.value)
            } else {
                (b.value, a.value)
            };
            va.partial_cmp(&vb)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.visits.cmp(&b.visits))
        })
        .copied()
}

/// Whether one side plays the same point twice in a line (its stone was captured in between):
/// the sign of a ko fight.
pub fn has_repetition(line: &[Move]) -> bool {
    for (i, a) in line.iter().enumerate() {
        if let Move::Play(p) = a {
            // Same side plays the same point again within a short window: a retaken ko.
            if line
                .iter()
                .skip(i + 2)
                .step_by(2)
                .take(4)
                .any(|b| *b == Move::Play(*p))
            {
                return true;
            }
        }
    }
    false
}
