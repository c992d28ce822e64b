//! Solution trees as SGF (issue 10, item 3): the problem's position in the root with the local
//! game stated in `IG*` properties (the format of `crates/igo-check/README.md`), the proving
//! side's winning move at its nodes, every reply of the other side below them, main line first,
//! and each leaf commented with why it is won. Positions met again are written once: the first
//! occurrence carries `IGN[k]`, later ones are leaves with `IGS[k]` and a comment. A line the
//! read-out's budget cut ([`Kind::Cut`]) ends in a leaf marked `IGU[]` and says so.

use igo_core::{Color, Move, PointSet, Position};
use igo_sgf::{move_value, GameTree, Node, NodeId, PropValue, SgfPoint};

use super::game::Rules;
use super::tree::{Kind, ProofTree};
use crate::local::LocalBoard;

/// What a proof is about, on the original board.
#[derive(Clone, Debug)]
pub struct ProofFrame<'a> {
    /// The problem's position with the side to play to move (original board).
    pub position: &'a Position,
    /// The local board the prover searched (for mapping points back).
    pub local: &'a LocalBoard,
    /// The playable region (local points).
    pub region: PointSet,
    /// The target (original points).
    pub target: PointSet,
    /// The attacker.
    pub attacker: Color,
}

fn points_value(size: igo_core::BoardSize, set: &PointSet) -> Vec<PropValue> {
    set.iter()
        .map(|p| PropValue::from_text(&SgfPoint::from_point(size, p).to_string()))
        .collect()
}

fn colour_name(c: Color) -> &'static str {
    match c {
        Color::Black => "Black",
        Color::White => "White",
    }
}

/// The game tree of one proof: `rules`, the tree of `tree.prover`'s win, a root comment.
pub fn proof_tree_sgf(
    frame: &ProofFrame<'_>,
    rules: Rules,
    tree: &ProofTree,
    comment: &str,
) -> GameTree {
    let size = frame.position.size();
    let mut game = igo_sgf::GoGame::from_position(frame.position);
    let root = game.root().id();
    {
        let r = game.node_mut(root);
        let region = frame.local.set_to_original(&frame.region);
        r.set_values("IGR", points_value(size, &region));
        r.set("IGA", frame.attacker.letter().to_string());
        r.set_values("IGT", points_value(size, &frame.target));
        r.set("IGK", rules.ko.code());
        r.set("IGL", rules.life.code());
        r.set("IGP", tree.prover.letter().to_string());
        r.set_values("TR", points_value(size, &frame.target));
        r.set("C", comment);
    }
    let mut tree_out = game.into_tree();
    // Nodes referred to get labels.
    let mut referred = vec![false; tree.nodes.len()];
    for n in &tree.nodes {
        if let Kind::Same(t) = n.kind {
            referred[t as usize] = true;
        }
    }
    // Depth-first, children in order: an explicit stack keeps deep trees off the call stack.
    let mut stack: Vec<(u32, NodeId)> = Vec::new();
    if let Kind::Inner(children) = &tree.nodes[0].kind {
        for &c in children.iter().rev() {
            stack.push((c, root));
        }
    }
    if referred[0] {
        tree_out.node_mut(root).set("IGN", "0");
    }
    while let Some((i, parent)) = stack.pop() {
        let n = &tree.nodes[i as usize];
        let Some((colour, mv)) = n.mv else { continue };
        let mv = match mv {
            Move::Pass => Move::Pass,
            Move::Play(p) => Move::Play(
                frame
                    .local
                    .to_original(p)
                    .expect("proof moves are in the region"),
            ),
        };
        let mut node = Node::new();
        node.set(
            if colour == Color::Black { "B" } else { "W" },
            move_value(size, mv),
        );
        if referred[i as usize] {
            node.set("IGN", i.to_string());
        }
        match &n.kind {
            Kind::Leaf(reason) => {
                if !n.eyes.is_empty() {
                    let eyes = frame.local.set_to_original(&n.eyes);
                    node.set_values("IGE", points_value(size, &eyes));
                }
                if !n.area.is_empty() {
                    let area = frame.local.set_to_original(&n.area);
                    node.set_values("IGD", points_value(size, &area));
                }
                let who = colour_name(tree.prover);
                node.set("C", format!("{who} wins: {}.", reason.describe()).as_str());
            }
            Kind::Same(t) => {
                node.set("IGS", t.to_string());
                node.set(
                    "C",
                    format!(
                        "The same position as the node marked IGN[{t}]: its variation answers it."
                    )
                    .as_str(),
                );
            }
            Kind::Cut => {
                node.set("IGU", "");
                node.set(
                    "C",
                    format!(
                        "Not read out (IGU): the proof search found this position won for {}, \
                         but the read-out's budget ran out here; this line is not checked.",
                        colour_name(tree.prover)
                    )
                    .as_str(),
                );
            }
            Kind::Inner(_) => {}
        }
        let id = tree_out.add_child(parent, node);
        if let Kind::Inner(children) = &n.kind {
            for &c in children.iter().rev() {
                stack.push((c, id));
            }
        }
    }
    tree_out
}

/// A one-line statement of what a proof under `rules` shows, for its root comment.
pub fn describe_claim(rules: Rules, prover: Color, attacker: Color) -> String {
    let goal = if prover == attacker {
        "captures the target (triangles)"
    } else {
        match rules.life {
            super::game::LifeRule::Standing => {
                "keeps the target (triangles) from capture (life or seki)"
            }
            super::game::LifeRule::Unconditional => {
                "makes the target (triangles) unconditionally alive (Benson)"
            }
        }
    };
    let threats = match rules.ko {
        super::game::KoThreats::None => "no side has outside ko threats".to_string(),
        super::game::KoThreats::Unlimited(c) => {
            format!("{} has unlimited outside ko threats", colour_name(c))
        }
        super::game::KoThreats::BelowTarget(c) => format!(
            "{} has unlimited outside ko threats, each worth less than the target",
            colour_name(c)
        ),
    };
    format!(
        "igo proof: {} {goal}, whatever {} plays; {threats}. Moves only in the region IGR; \
         the rest of the board is {}'s immortal wall. Checked by `igo tsumego check`.",
        colour_name(prover),
        colour_name(!prover),
        colour_name(attacker)
    )
}
