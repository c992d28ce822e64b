//! The fight region of a dragon in a game position, and the owl question proven inside it by
//! igo-tsumego's df-pn prover (issue 9, item 3: "the region of the fight is found around the
//! dragon in the game position, not given by a frame; stones outside it keep their own status";
//! the prover is Nagai's df-pn with Kishimoto and Müller's enclosed-problem setting, see
//! [`igo_tsumego::proof`]).
//!
//! **Walls.** An opponent block is a *wall* when it lives by the owl's static judgement
//! ([`crate::owl`]: Benson, escape into open space, or two eyes): it keeps its status, so the
//! fight cannot pass it. Every other opponent block (dead stones inside the dragon's eye space,
//! cutting stones short of liberties) is part of the fight.
//!
//! **The area** is everything reachable from the dragon through empty points, the owner's stones
//! and the opponent's non-wall blocks: the dragon's side of the walls. When the area is open (more
//! than [`crate::dragon::OwlConfig::proof_area`] empty points) the dragon is not enclosed and no
//! proof is tried. Otherwise, as igo-tsumego narrows a framed problem
//! ([`igo_tsumego::proof::region`]), the empty points of the area farther than
//! [`crate::dragon::OwlConfig::proof_reach`] steps from the owner's stones are filled with opponent
//! stones where they join a wall (the walls' side of a large enclosure is the opponent's; a
//! defender stone played at the edge of the region then has no liberty outside it), and the
//! rest is the *region*: the points where the local game may play. Wall blocks whose liberties all
//! lie in the region can be captured there and join it. Every empty point next to the region is
//! then in the region or beyond a wall, so the local game is Go inside the walls.
//!
//! **The open region** ([`open_fight_region`]). For a dragon that is not enclosed, the owl's
//! attack may read a region it makes itself: the dragon and the empty points within a few
//! steps of it, the points beyond filled by the attacker. Filling the open side helps the
//! attacker (as igo-tsumego's narrowed region does), so a kill proved there is a candidate
//! that the owl checks by its own reading ([`crate::dragon::OwlConfig::open_region_nodes`]).
//!
//! **The proof.** [`igo_tsumego::proof::prove_status`] proves, under its ko models, whether the
//! side to move (the opponent for `owl_attack`, the owner for `owl_defend`) captures the queried
//! stone's block or keeps it (Benson life, or standing when both pass: life or seki), with GNU
//! Go's codes: 1 unconditional, 2 by a ko taken first, 3 by a ko that needs a threat first. A proof
//! is exact for the local game; the local game assumes the walls live and that nothing outside the
//! region matters (ko threats aside, which the ko models bound). When the prover stops at its node
//! limit, the owl falls back to its heuristic search.

use igo_core::{Board, Color, Move, Point, PointSet, Position};
use igo_tsumego::proof::{prove_status, Limits, ProvenStatus, ProverConfig, Question};

use igo_tsumego::proof::tree::TreeLimits;

use crate::dragon::{dragon, lives, OwlConfig};
use crate::Code;

/// The local game of an owl question: the start position (with the filled points), the region
/// where stones may be played, the target (the queried stone's block) and the attacker.
#[derive(Clone, Debug)]
pub struct Fight {
    /// The position with the far points of the area filled by the attacker.
    pub start: Position,
    /// The points where the local game may play (stones in it may be captured).
    pub region: PointSet,
    /// The queried stone's block.
    pub target: PointSet,
    /// The dragon's opponent.
    pub attacker: Color,
    /// The filled points (empty in the game position).
    pub filled: PointSet,
}

/// The fight region of the dragon at `p` (module documentation), or `None` when `p` is empty,
/// the dragon is not enclosed by walls within [`OwlConfig::proof_area`] empty points, or the
/// region keeps more than [`OwlConfig::proof_points`] empty points.
pub fn fight_region(pos: &Position, p: Point, config: &OwlConfig) -> Option<Fight> {
    let board = pos.board();
    let size = board.size();
    let owner = board.color_at(p)?;
    let attacker = !owner;
    let empty = board.empty_points();
    let theirs = board.stones(attacker);
    let mut passable = empty | board.stones(owner);
    let mut walls = PointSet::EMPTY;
    let mut area = dragon(board, p);
    loop {
        area = area.flood_fill(&passable, size);
        if (area & empty).count() > config.proof_area {
            return None;
        }
        let contact = (area.neighbours(size) & theirs) - walls - passable;
        if contact.is_empty() {
            break;
        }
        let mut left = contact;
        while let Some(q) = left.first() {
            let block = board.block_at(q).expect("a stone").stones();
            left -= block;
            // A wall's life is judged without the escape value (`OwlConfig::escape_value`),
            // which is asked of the dragon in question only.
            let wall_config = OwlConfig {
                escape_value: 0,
                ..*config
            };
            if lives(pos, q, &wall_config) {
                walls |= block;
            } else {
                passable |= block;
            }
        }
        // Grow again from the blocks just made passable.
        area |= contact & passable;
    }
    // Empty points within `reach` steps of the owner's stones of the area, over empty points.
    let own = area & board.stones(owner);
    let area_empty = area & empty;
    let mut near = PointSet::EMPTY;
    let mut frontier = own;
    for _ in 0..config.proof_reach {
        let next = (frontier.neighbours(size) & area_empty) - near;
        if next.is_empty() {
            break;
        }
        near |= next;
        frontier = next;
    }
    // The liberties of the opponent's weak blocks in the area stay: capturing them may be the
    // owner's answer.
    let mut left = area & theirs;
    while let Some(q) = left.first() {
        let b = board.block_at(q).expect("a stone");
        left -= b.stones();
        if b.liberty_count() <= 3 {
            near |= b.liberties() & area_empty;
        }
    }
    // Far points are filled only where the filling joins a wall: a filled pocket that no wall
    // holds up could itself be captured, which the real position does not offer.
    let mut fill = area_empty - near;
    let solid = fill | theirs;
    let mut parts = fill;
    while let Some(seed) = parts.first() {
        let part = PointSet::single(seed).flood_fill(&solid, size);
        parts -= part;
        if !part.intersects(&walls) {
            fill -= part;
        }
    }
    let mut region = area - fill;
    // Wall blocks with every liberty in the region can be captured in the local game.
    let mut left = walls & region.neighbours(size);
    while let Some(q) = left.first() {
        let b = board.block_at(q).expect("a stone");
        left -= b.stones();
        if (b.liberties() - region).is_empty() {
            region |= b.stones();
        }
    }
    if (region & empty).count() > config.proof_points {
        return None;
    }
    let start = if fill.is_empty() {
        pos.clone()
    } else {
        let mut stones = [board.stones(Color::Black), board.stones(Color::White)];
        stones[attacker.index()] |= fill;
        Position::from_board(
            Board::from_stones(size, stones[0], stones[1]),
            pos.to_play(),
        )
    };
    Some(Fight {
        target: board.block_at(p).expect("a stone").stones(),
        start,
        region,
        attacker,
        filled: fill,
    })
}

/// The *open* fight region of the dragon at `p` ([`OwlConfig::open_region_nodes`]), for a
/// dragon that is not enclosed: the dragon, the empty points within
/// [`OwlConfig::open_region_reach`] steps of its stones over empty points (fewer where that
/// region is too large), the owner's blocks
/// next to those points with their liberties, and the opponent's blocks next to them that do
/// not live by the owl's judgement with theirs (a wall that lives stays a wall); the empty
/// points just beyond are filled with the attacker's stones, as igo-tsumego's narrowed region
/// fills the far side of a problem for the attacker ([`igo_tsumego::proof::region`]). The
/// filled points shut the dragon in where the game leaves it a way out, so the local game
/// favours the attacker: a kill proved there is a candidate, never a proof for the game. A
/// filled point is left empty (outside the region) where its stone would stand without a
/// liberty or take a block's last one. `None` when `p` is empty, the region keeps more than
/// [`OwlConfig::proof_points`] empty points, or nothing is filled (the dragon is shut in
/// already: [`fight_region`]'s case).
pub fn open_fight_region(pos: &Position, p: Point, config: &OwlConfig) -> Option<Fight> {
    widest_open_region(pos, p, config).map(|(_, f)| f)
}

/// The open fight regions the owl's attack reads ([`OwlConfig::open_region_nodes`]):
/// [`open_fight_region`]'s, and the region of one step less (a kill the wider region's prover
/// does not finish, or one the owl's defence refutes, may be proved in the narrower), when it
/// differs and fills something.
pub fn open_fight_regions(pos: &Position, p: Point, config: &OwlConfig) -> Vec<Fight> {
    let Some((reach, wide)) = widest_open_region(pos, p, config) else {
        return Vec::new();
    };
    let mut out = vec![wide];
    if reach > 1 {
        if let Some(narrow) = open_region_within(pos, p, config, reach - 1) {
            if narrow.region != out[0].region {
                out.push(narrow);
            }
        }
    }
    out
}

/// [`open_fight_region`] with the largest reach up to [`OwlConfig::open_region_reach`] that
/// fits, and that reach.
fn widest_open_region(pos: &Position, p: Point, config: &OwlConfig) -> Option<(usize, Fight)> {
    (1..=config.open_region_reach)
        .rev()
        .find_map(|reach| open_region_within(pos, p, config, reach).map(|f| (reach, f)))
}

/// [`open_fight_region`] with `reach` steps; `None` also when too large.
fn open_region_within(pos: &Position, p: Point, config: &OwlConfig, reach: usize) -> Option<Fight> {
    let board = pos.board();
    let size = board.size();
    let owner = board.color_at(p)?;
    let attacker = !owner;
    let empty = board.empty_points();
    let own = board.stones(owner);
    let theirs = board.stones(attacker);
    let mut area = dragon(board, p);
    let mut frontier = area;
    for _ in 0..reach {
        let next = (frontier.neighbours(size) & empty) - area;
        if next.is_empty() {
            break;
        }
        area |= next;
        frontier = next;
    }
    // The owner's blocks next to the area join it with their liberties (a filled point never
    // takes an owner block's liberty that the area holds), and so do the opponent's blocks that
    // do not live (the fight's material, as in [`fight_region`]).
    let wall_config = OwlConfig {
        escape_value: 0,
        ..*config
    };
    let mut left = area.neighbours(size) & (own | theirs);
    while let Some(q) = left.first() {
        let b = board.block_at(q).expect("a stone");
        left -= b.stones();
        if own.contains(q) || !lives(pos, q, &wall_config) {
            area |= b.stones() | b.liberties();
        }
    }
    if (area & empty).count() > config.proof_points {
        return None;
    }
    let mut fill = (area.neighbours(size) & empty) - area;
    // A filled point stays empty where the filling would leave a block without liberties:
    // the filled stones' own (a pocket of the owner's stones), or an owner block outside.
    let filled = loop {
        let mut stones = [board.stones(Color::Black), board.stones(Color::White)];
        stones[attacker.index()] |= fill;
        let after = Board::from_stones(size, stones[0], stones[1]);
        let mut dropped = PointSet::EMPTY;
        let mut left = (fill.neighbours(size) | fill) & (after.stones(owner) | fill);
        while let Some(q) = left.first() {
            let b = after.block_at(q).expect("a stone");
            left -= b.stones();
            if b.liberty_count() == 0 {
                dropped |= (b.stones() | b.stones().neighbours(size)) & fill;
            }
        }
        if dropped.is_empty() {
            break after;
        }
        fill -= dropped;
    };
    if fill.is_empty() {
        return None;
    }
    let start = Position::from_board(filled, pos.to_play());
    Some(Fight {
        target: board.block_at(p).expect("a stone").stones(),
        start,
        region: area,
        attacker,
        filled: fill,
    })
}

/// What the prover says about an owl question: the code and move of the side asked about, or
/// `None` when there is no fight region or the prover reached its node limit (or proved a status
/// without a first move); and the positions it generated.
pub(crate) fn prove(
    pos: &Position,
    p: Point,
    attack: bool,
    config: &OwlConfig,
) -> (Option<(Code, Option<Move>)>, u64) {
    if config.proof_nodes == 0 {
        return (None, 0);
    }
    let Some(fight) = fight_region(pos, p, config) else {
        return (None, 0);
    };
    prove_fight(&fight, attack, config, Vec::new(), config.proof_nodes)
}

/// [`prove`] on a fight region already found, with `hints`: success rates of the mover's first
/// moves (original board) that order the prover's root moves and, among its winning first
/// moves, prefer the first hint ([`igo_tsumego::proof::ProverConfig::root_hints`]); within
/// `nodes` positions.
pub(crate) fn prove_fight(
    fight: &Fight,
    attack: bool,
    config: &OwlConfig,
    hints: Vec<(Move, f32)>,
    nodes: u64,
) -> (Option<(Code, Option<Move>)>, u64) {
    if nodes == 0 {
        return (None, 0);
    }
    let mover = if attack {
        fight.attacker
    } else {
        !fight.attacker
    };
    let mut start = fight.start.clone();
    start.set_to_play(mover);
    let question = Question {
        start,
        region: fight.region,
        target: fight.target,
        attacker: fight.attacker,
    };
    let prover = ProverConfig {
        table_bytes: config.proof_table_bytes,
        // The status is all the owl needs: no refutation trees, no seki test (GNU Go's owl
        // calls a dragon in seki defended), and small solution trees.
        refutations: false,
        seki: false,
        tree: TreeLimits {
            max_nodes: 20_000,
            reprove_nodes: nodes / 4,
            ..TreeLimits::default()
        },
        root_hints: hints,
        ..ProverConfig::default()
    };
    let limits = Limits {
        nodes,
        ..Limits::default()
    };
    let answer = prove_status(&question, &prover, limits);
    let nodes = answer.nodes;
    let code = match answer.status {
        None => return (None, nodes),
        Some(ProvenStatus::Fail) => return (Some((Code::Fails, None)), nodes),
        Some(ProvenStatus::Kill | ProvenStatus::Live | ProvenStatus::Seki) => Code::Works,
        Some(ProvenStatus::Ko(2)) => Code::KoTaken,
        Some(ProvenStatus::Ko(_)) => Code::KoThreat,
    };
    match answer.first_move {
        // A pass is the owner's "no move needed"; the attacker must name a point.
        Some(Move::Pass) if attack => (None, nodes),
        Some(mv) => (Some((code, Some(mv))), nodes),
        None => (None, nodes),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(d: &str) -> Position {
        Position::from_diagram(d).unwrap()
    }

    #[test]
    fn an_enclosed_dragon_gets_the_inside_of_the_walls_and_an_open_one_none() {
        // White's corner group inside Black's living wall (two eyes at H1 and J2... the wall
        // reaches the open right side, so it escapes).
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X . . . .
            O O O O X . . . .
            . . . O X . . . .
            . O . O X . . . .",
        );
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let fight = fight_region(&pos, pt("A3"), &OwlConfig::default()).expect("enclosed");
        assert_eq!(fight.attacker, Color::Black);
        let inside: PointSet = ["A1", "C1", "A2", "B2", "C2"]
            .iter()
            .map(|s| pt(s))
            .collect();
        assert_eq!(fight.region & pos.board().empty_points(), inside);
        assert!(!fight.region.contains(pt("E3")), "the wall stays a wall");
        assert!(fight.filled.is_empty());
        // Black's wall is in open space: no enclosure.
        assert!(fight_region(&pos, pt("E4"), &OwlConfig::default()).is_none());
    }

    #[test]
    fn dead_stones_inside_are_part_of_the_fight() {
        // A black stone thrown into White's eye space is no wall: it joins the region.
        let pos = position(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            . . . . . . . . .
            X X X X X X . . .
            O O O O O X . . .
            . . X . O X . . .
            . . . . O X . . .",
        );
        let size = pos.size();
        let pt = |s: &str| size.parse_point(s).unwrap();
        let fight = fight_region(&pos, pt("A3"), &OwlConfig::default()).expect("enclosed");
        assert!(fight.region.contains(pt("C2")));
        assert!(!fight.region.contains(pt("F2")));
    }

    #[test]
    fn the_owl_proves_an_enclosed_straight_three_and_the_heuristic_agrees() {
        use crate::owl::Owl;
        let pos = position(
            "
            . . . . . . .
            . . . . . . .
            O O O O O . .
            X X X X O . .
            . . . X O . .",
        );
        let size = pos.size();
        let d2 = size.parse_point("D2").unwrap();
        let mut proving = Owl::default();
        let mut heuristic = Owl::new(OwlConfig {
            proof_nodes: 0,
            ..OwlConfig::default()
        });
        for attack in [true, false] {
            let (p, h) = if attack {
                (proving.attack(&pos, d2), heuristic.attack(&pos, d2))
            } else {
                (proving.defend(&pos, d2), heuristic.defend(&pos, d2))
            };
            let (p, h) = (p.unwrap(), h.unwrap());
            assert!(p.proven && !h.proven);
            assert_eq!(p.gtp_text(size), "1 B1");
            assert_eq!(h.gtp_text(size), "1 B1");
        }
        // A dragon in the open is left to the heuristic search.
        let open = position(
            "
            . . . . . . .
            . . . . . . .
            . . . X . . .
            . . . . . . .
            . . . . . . .",
        );
        let r = proving
            .attack(&open, size.parse_point("D3").unwrap())
            .unwrap();
        assert!(!r.proven);
        assert_eq!(r.gtp_text(size), "0");
    }
}
