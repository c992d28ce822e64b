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

/// How the route picks among a node's children that pass the visits floor (paper 004, section
/// 5.1, picks by capture rate at every node).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LinePick {
    /// The best capture rate for the mover at every node: the paper's Min-Max route.
    #[default]
    Rate,
    /// The opponent's replies by visits (the reply the UCT spent most playouts refuting is its
    /// strongest resistance; a rate read from a tenth of the playouts is noisier), the solver's
    /// moves by rate.
    Replies,
    /// Every move by visits (the robust child of MCTS).
    Visits,
}

/// What a route follows: the visits a move needs, its length and how it picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineRule {
    /// Playouts a move of the line needs (besides a tenth of its best-visited sibling's).
    pub min_visits: u64,
    /// Moves at most.
    pub max_len: usize,
    /// How a move is picked among those.
    pub pick: LinePick,
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
    let rule = LineRule {
        min_visits,
        max_len,
        pick: LinePick::Rate,
    };
    route_after(search, &[], &rule, true)
}

/// The route of `search` below the moves `from` (played from the root), by `rule`: at most
/// `rule.max_len` moves after `from`; the solver moves at the root when `solver_at_root`
/// (else the root is the opponent's reply, as in a probe's search).
pub fn route_after<S>(
    search: &Search<S>,
    from: &[S::Move],
    rule: &LineRule,
    solver_at_root: bool,
) -> Vec<LineMove<S::Move>>
where
    S: SearchState + Clone + Send + Sync,
{
    let root = Root {
        maximizing: search.root().maximizing(),
        solver: solver_at_root,
    };
    walk(|path| search.children_after(path), root, from, rule)
}

/// Who moves at the root of a tree.
#[derive(Clone, Copy)]
struct Root {
    /// The root's mover maximises.
    maximizing: bool,
    /// The root's mover is the solver (the side to play of the problem).
    solver: bool,
}

/// The route below `from` in a tree given by its children (`children_after`: the children of
/// the node a path of moves from the root leads to).
fn walk<M: Copy>(
    children_after: impl Fn(&[M]) -> Vec<ChildStats<M>>,
    root: Root,
    from: &[M],
    rule: &LineRule,
) -> Vec<LineMove<M>> {
    let mut path: Vec<M> = from.to_vec();
    let mut line = Vec::new();
    while line.len() < rule.max_len {
        let depth = path.len();
        let maximizing = root.maximizing == (depth % 2 == 0);
        let by_visits = match rule.pick {
            LinePick::Rate => false,
            LinePick::Replies => root.solver != (depth % 2 == 0),
            LinePick::Visits => true,
        };
        let children = children_after(&path);
        let Some(pick) = choose(&children, maximizing, rule.min_visits, by_visits) else {
            break;
        };
        line.push(LineMove {
            mv: pick.mv,
            capture_rate: pick.value,
            visits: pick.visits,
            proof: pick.proof,
        });
        path.push(pick.mv);
    }
    line
}

fn choose<M: Copy>(
    children: &[ChildStats<M>],
    maximizing: bool,
    min_visits: u64,
    by_visits: bool,
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
    if by_visits {
        // The first of the most visited: `children_after` ranks ties as the search does.
        return open.into_iter().rev().max_by_key(|c| c.visits).copied();
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

#[cfg(test)]
mod tests {
    use super::*;

    fn child(mv: u8, visits: u64, value: f32) -> ChildStats<u8> {
        ChildStats {
            mv,
            visits,
            value,
            proof: Proof::Unknown,
            prior: 0.0,
        }
    }

    /// A made-up tree below the attacker's move 1 (the solver maximises the capture rate): the
    /// defender's reply 10 took most of the playouts (the search kept finding it the best
    /// resistance) and reads 0.62; the reply 11, with an eighth of them, reads 0.55 from its
    /// few playouts. Below each, the attacker's follow-ups.
    fn tree(path: &[u8]) -> Vec<ChildStats<u8>> {
        match path {
            [] => vec![child(1, 4_000, 0.63), child(2, 500, 0.40)],
            [1] => vec![
                child(10, 3_000, 0.62),
                child(11, 380, 0.55),
                child(12, 50, 0.50),
            ],
            [1, 10] => vec![
                child(20, 2_000, 0.66),
                child(21, 700, 0.70),
                child(22, 5, 0.99),
            ],
            [1, 11] => vec![child(30, 300, 0.58)],
            [1, 10, 20] => vec![child(40, 1_500, 0.64)],
            [1, 10, 21] => vec![child(41, 600, 0.70)],
            _ => Vec::new(),
        }
    }

    fn moves(rule: LineRule, from: &[u8]) -> Vec<u8> {
        let root = Root {
            maximizing: true,
            solver: true,
        };
        walk(tree, root, from, &rule).iter().map(|m| m.mv).collect()
    }

    fn rule(pick: LinePick) -> LineRule {
        LineRule {
            min_visits: 20,
            max_len: 30,
            pick,
        }
    }

    #[test]
    fn the_replies_by_visits_follow_the_strongest_resistance() {
        // The paper's rule takes the reply of lowest rate among those with a tenth of the most
        // visited's playouts: the lightly read 11.
        assert_eq!(moves(rule(LinePick::Rate), &[]), vec![1, 11, 30]);
        // By visits for the replies: the defender's 10, then the attacker's best rate among
        // its well-read follow-ups (21, not the 5-playout 22), then the reply below it.
        assert_eq!(moves(rule(LinePick::Replies), &[]), vec![1, 10, 21, 41]);
        // Every move by visits: the attacker's most visited follow-up 20.
        assert_eq!(moves(rule(LinePick::Visits), &[]), vec![1, 10, 20, 40]);
    }

    #[test]
    fn a_route_below_a_candidate_and_a_probes_route_keep_the_sides_apart() {
        // Below the candidate 1, the route starts with the defender's reply.
        assert_eq!(moves(rule(LinePick::Replies), &[1]), vec![10, 21, 41]);
        // A probe's tree starts with the reply: the root's mover (minimising) is not the solver,
        // so its replies are picked by visits at even depths.
        let root = Root {
            maximizing: false,
            solver: false,
        };
        let probe = |path: &[u8]| tree(&[&[1u8][..], path].concat());
        let picked: Vec<u8> = walk(probe, root, &[], &rule(LinePick::Replies))
            .iter()
            .map(|m| m.mv)
            .collect();
        assert_eq!(picked, vec![10, 21, 41]);
        // And the length limit holds.
        let mut short = rule(LinePick::Replies);
        short.max_len = 2;
        assert_eq!(moves(short, &[]), vec![1, 10]);
    }
}
