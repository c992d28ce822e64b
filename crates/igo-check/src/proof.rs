//! Checking a solution tree: every node of the proving side plays a legal move, every node of
//! the other side answers every legal move of the region and pass, and every line ends where
//! the rules end the game in the prover's favour. A node marked `IGS[k]` stands for the earlier
//! node labelled `IGN[k]` in the same position; it is accepted as it stands only when that
//! subtree cannot meet a position of the path above (no line of it ends by repetition, and some
//! colour captures nothing in it while the other colour's stones here are not all in any
//! position above); otherwise the subtree is checked again from here.
//!
//! A leaf marked `IGU[]` is a line the prover's read-out did not write out (its budget ran
//! out): the checker cannot check it and says so; the tree is then valid where it is written
//! but incomplete ([`ProofReport::unread`]).

use std::collections::{BTreeMap, HashMap};

use igo_core::{Color, Move, PointSet};
use igo_sgf::{GameTree, GoGame, NodeId};

use crate::rules::{End, Game, Life, Node, Threats};
use crate::CheckError;

/// Facts about a checked subtree.
#[derive(Clone, Copy, Debug, Default)]
struct Facts {
    repetition: bool,
    captures: [bool; 2],
}

impl Facts {
    fn join(&mut self, o: Facts) {
        self.repetition |= o.repetition;
        self.captures[0] |= o.captures[0];
        self.captures[1] |= o.captures[1];
    }
}

/// What a valid proof showed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofReport {
    /// The side whose win is proven.
    pub prover: Color,
    /// The attacker.
    pub attacker: Color,
    /// Outside ko threats assumed.
    pub threats: Threats,
    /// The life rule.
    pub life: Life,
    /// The first move of the proving side, when it moves first.
    pub first_move: Option<Move>,
    /// Nodes in the file's tree.
    pub tree_nodes: usize,
    /// Positions checked (references checked again count again).
    pub checked: u64,
    /// Lines ending by each end.
    pub leaves: BTreeMap<End, u64>,
    /// References accepted as they stand.
    pub references: u64,
    /// References whose subtree was checked again on the new path.
    pub rechecked: u64,
    /// Lines the prover did not read out (`IGU` leaves): not checked. 0 for a complete proof.
    pub unread: u64,
}

impl ProofReport {
    /// Whether the tree is a complete proof (no unread line).
    pub fn is_complete(&self) -> bool {
        self.unread == 0
    }
}

/// Reads the game a proof tree states in its root (`IGR`, `IGA`, `IGT`, `IGK`, `IGL`, `IGP`).
pub fn game_of(game: &GoGame) -> Result<(Game, Color), CheckError> {
    let root = game.root();
    let text = |id: &str| -> Result<String, CheckError> {
        root.get(id)
            .map(|v| v.simple_text().trim().to_string())
            .ok_or_else(|| CheckError::Spec(format!("the root has no {id} property")))
    };
    let colour = |id: &str| -> Result<Color, CheckError> {
        let t = text(id)?;
        match t.as_str() {
            "B" => Ok(Color::Black),
            "W" => Ok(Color::White),
            _ => Err(CheckError::Spec(format!("{id}[{t}]: expected B or W"))),
        }
    };
    let points = |id: &str| -> Result<PointSet, CheckError> {
        let list = root
            .points(id)
            .map_err(|e| CheckError::Spec(format!("{id}: {e}")))?;
        Ok(list.into_iter().collect())
    };
    let attacker = colour("IGA")?;
    let prover = colour("IGP")?;
    let threats = match text("IGK")?.as_str() {
        "none" => Threats::None,
        "B" => Threats::Unlimited(Color::Black),
        "W" => Threats::Unlimited(Color::White),
        "B-" => Threats::BelowTarget(Color::Black),
        "W-" => Threats::BelowTarget(Color::White),
        t => {
            return Err(CheckError::Spec(format!(
                "IGK[{t}]: expected none, B, W, B- or W-"
            )))
        }
    };
    let life = match text("IGL")?.as_str() {
        "standing" => Life::Standing,
        "unconditional" => Life::Unconditional,
        t => {
            return Err(CheckError::Spec(format!(
                "IGL[{t}]: expected standing or unconditional"
            )))
        }
    };
    let g = Game::new(
        &game.setup(),
        points("IGR")?,
        attacker,
        points("IGT")?,
        threats,
        life,
    )?;
    Ok((g, prover))
}

/// Checks one proof tree.
pub fn check_proof(tree: GameTree, max_positions: u64) -> Result<ProofReport, CheckError> {
    let go = GoGame::from_tree(tree).map_err(|e| CheckError::Sgf(e.to_string()))?;
    let (game, prover) = game_of(&go)?;
    let tree = go.tree();
    let mut labels = HashMap::new();
    for id in tree.preorder() {
        if let Some(v) = tree.node(id).get("IGN") {
            let k = v.simple_text().trim().to_string();
            if labels.insert(k.clone(), id).is_some() {
                return Err(CheckError::Spec(format!("label IGN[{k}] used twice")));
            }
        }
    }
    let mut c = Checker {
        go: &go,
        game: &game,
        prover,
        labels,
        done: HashMap::new(),
        nodes: vec![game.start_node()],
        cuts: vec![0],
        line: Vec::new(),
        checked: 0,
        limit: max_positions,
        leaves: BTreeMap::new(),
        references: 0,
        rechecked: 0,
        unread: 0,
    };
    c.visit(tree.root_id(), 0)?;
    let first_move = if game.start.to_play() == prover {
        tree.root()
            .first_child()
            .and_then(|n| go.node(n.id()).move_().map(|m| m.1))
    } else {
        None
    };
    Ok(ProofReport {
        prover,
        attacker: game.attacker,
        threats: game.threats,
        life: game.life,
        first_move,
        tree_nodes: tree.len(),
        checked: c.checked,
        leaves: c.leaves,
        references: c.references,
        rechecked: c.rechecked,
        unread: c.unread,
    })
}

struct Checker<'a> {
    go: &'a GoGame,
    game: &'a Game,
    prover: Color,
    labels: HashMap<String, NodeId>,
    /// Labelled nodes already checked: their state and facts.
    done: HashMap<NodeId, (Node, Facts)>,
    nodes: Vec<Node>,
    cuts: Vec<usize>,
    line: Vec<(Color, Move)>,
    checked: u64,
    limit: u64,
    leaves: BTreeMap<End, u64>,
    references: u64,
    rechecked: u64,
    unread: u64,
}

const MAX_DEPTH: usize = 1000;

impl Checker<'_> {
    fn reject(&self, reason: impl Into<String>) -> CheckError {
        let size = self.game.start.size();
        let line: Vec<String> = self
            .line
            .iter()
            .map(|&(c, m)| format!("{}{}", c.letter(), size.format_move(m)))
            .collect();
        CheckError::Rejected {
            line: if line.is_empty() {
                "(root)".into()
            } else {
                line.join(" ")
            },
            reason: reason.into(),
        }
    }

    /// Whether the position at depth `d` repeats one of the line: its stones and player to
    /// move one of the window (since the last retake by the ko master), or its whole state
    /// (README.md, end 5) one before the window: a cycle through the master's retakes.
    fn repeats(&self, d: usize) -> bool {
        let n = &self.nodes[d];
        let b = n.pos.board();
        let cut = self.cuts[d];
        self.nodes[cut..d].iter().any(|a| {
            a.pos.to_play() == n.pos.to_play()
                && a.pos.board().stones(Color::Black) == b.stones(Color::Black)
                && a.pos.board().stones(Color::White) == b.stones(Color::White)
        }) || self.nodes[..cut.min(d)]
            .iter()
            .any(|a| self.game.same_state(a, n))
    }

    fn visit(&mut self, id: NodeId, d: usize) -> Result<Facts, CheckError> {
        self.checked += 1;
        if self.checked > self.limit {
            return Err(CheckError::TooLarge(self.limit));
        }
        if d > MAX_DEPTH {
            return Err(self.reject(format!("lines deeper than {MAX_DEPTH} moves")));
        }
        let node = self.go.node(id);
        let ended = self.game.end(&self.nodes[d]);
        if ended.is_none() && node.get("IGD").is_some() {
            if node.child_count() > 0 || node.get("IGS").is_some() || node.get("IGN").is_some() {
                return Err(self.reject("a doomed leaf (IGD) with moves, a reference or a label"));
            }
            let area: PointSet = node
                .points("IGD")
                .map_err(|e| self.reject(format!("IGD: {e}")))?
                .into_iter()
                .collect();
            match crate::doomed::check_doomed(
                self.game,
                self.prover,
                &self.nodes[d],
                area,
                crate::doomed::LEAF_BUDGET,
            ) {
                Ok(n) => self.checked += n,
                Err(why) => return Err(self.reject(why)),
            }
            if self.checked > self.limit {
                return Err(CheckError::TooLarge(self.limit));
            }
            *self.leaves.entry(End::Doomed).or_default() += 1;
            // Decided before the repetition test (README.md, "Doomed leaves"), whatever the
            // path, and nothing is played below it: it may stand wherever it is referred to.
            return Ok(Facts::default());
        }
        let end = ended.or_else(|| {
            (d > 0 && self.repeats(d)).then(|| (End::Repetition, self.game.standing_winner()))
        });
        if let Some((end, winner)) = end {
            if winner != self.prover {
                return Err(self.reject(format!(
                    "the game ends ({}) with {} winning",
                    end.name(),
                    crate::rules::name(winner)
                )));
            }
            if node.child_count() > 0 || node.get("IGS").is_some() {
                return Err(self.reject(format!(
                    "play goes on after the game ended ({})",
                    end.name()
                )));
            }
            *self.leaves.entry(end).or_default() += 1;
            return Ok(Facts {
                repetition: end == End::Repetition,
                captures: [false; 2],
            });
        }
        if node.get("IGE").is_some() {
            if node.child_count() > 0 || node.get("IGS").is_some() || node.get("IGN").is_some() {
                return Err(self.reject("a settled leaf (IGE) with moves, a reference or a label"));
            }
            let eyes: PointSet = node
                .points("IGE")
                .map_err(|e| self.reject(format!("IGE: {e}")))?
                .into_iter()
                .collect();
            let budget = crate::settled::LEAF_BUDGET;
            match crate::settled::check_settled(
                self.game,
                self.prover,
                &self.nodes[d],
                eyes,
                budget,
            ) {
                Ok(n) => self.checked += n,
                Err(why) => return Err(self.reject(why)),
            }
            if self.checked > self.limit {
                return Err(CheckError::TooLarge(self.limit));
            }
            *self.leaves.entry(End::Settled).or_default() += 1;
            // Won whatever the path (the standing rule scores repetitions for the defender too),
            // and nothing is played below it: it may stand wherever it is referred to.
            return Ok(Facts::default());
        }
        if node.get("IGU").is_some() {
            if node.child_count() > 0 || node.get("IGS").is_some() || node.get("IGN").is_some() {
                return Err(self.reject("an unread line (IGU) with moves, a reference or a label"));
            }
            self.unread += 1;
            // Nothing is known below: no reference may stand across it.
            return Ok(Facts {
                repetition: true,
                captures: [true; 2],
            });
        }
        let facts = if let Some(v) = node.get("IGS") {
            if node.child_count() > 0 {
                return Err(self.reject("a reference (IGS) with moves below it"));
            }
            let k = v.simple_text().trim().to_string();
            let Some(&target) = self.labels.get(&k) else {
                return Err(self.reject(format!("IGS[{k}] names no IGN label")));
            };
            let Some((state, facts)) = self.done.get(&target).cloned() else {
                return Err(self.reject(format!(
                    "IGS[{k}] refers to a node not checked before it (later, or above it)"
                )));
            };
            if !self.game.same_state(&state, &self.nodes[d]) {
                return Err(self.reject(format!("IGS[{k}] refers to a different position")));
            }
            if self.may_stand(d, facts) {
                self.references += 1;
                facts
            } else {
                self.rechecked += 1;
                self.children(target, d)?
            }
        } else {
            self.children(id, d)?
        };
        if node.get("IGN").is_some() {
            self.done.insert(id, (self.nodes[d].clone(), facts));
        }
        Ok(facts)
    }

    /// Whether a subtree with `facts` may stand for the position at depth `d` on this path.
    fn may_stand(&self, d: usize, facts: Facts) -> bool {
        if facts.repetition {
            return false;
        }
        let now = self.nodes[d].pos.board();
        // The whole line, not only the window: a cycle through the ko master's retakes ends
        // the game too.
        let above = &self.nodes[..d];
        Color::ALL.iter().any(|&c| {
            if facts.captures[c.index()] {
                return false;
            }
            let kept = now.stones(!c);
            above
                .iter()
                .all(|a| !kept.is_subset(&a.pos.board().stones(!c)))
        })
    }

    /// Checks the moves below node `id` from the position at depth `d`.
    fn children(&mut self, id: NodeId, d: usize) -> Result<Facts, CheckError> {
        let node = self.go.node(id);
        let to_play = self.nodes[d].pos.to_play();
        if node.child_count() == 0 {
            return Err(self.reject("the line stops before the game is over"));
        }
        let mut seen: Vec<Move> = Vec::new();
        let mut facts = Facts::default();
        for child in node.children() {
            let Some((colour, mv)) = child.move_() else {
                return Err(self.reject("a node below has no move"));
            };
            if colour != to_play {
                return Err(self.reject(format!(
                    "{} plays, but it is {}'s turn",
                    crate::rules::name(colour),
                    crate::rules::name(to_play)
                )));
            }
            if seen.contains(&mv) {
                return Err(self.reject(format!(
                    "move {} appears twice",
                    self.game.start.size().format_move(mv)
                )));
            }
            seen.push(mv);
            if let Some(why) = self.game.illegal(&self.nodes[d], mv) {
                return Err(self.reject(format!(
                    "{} {}: illegal ({why})",
                    crate::rules::name(colour),
                    self.game.start.size().format_move(mv)
                )));
            }
            if self.nodes.len() <= d + 1 {
                self.nodes.push(self.nodes[d].clone());
                self.cuts.push(0);
            } else {
                let parent = self.nodes[d].clone();
                self.nodes[d + 1] = parent;
            }
            let (captured, retake) = self.game.play(&mut self.nodes[d + 1], mv);
            self.cuts[d + 1] = if retake { d + 1 } else { self.cuts[d] };
            self.line.push((colour, mv));
            let f = self.visit(child.id(), d + 1)?;
            self.line.pop();
            facts.join(f);
            if !captured.is_empty() {
                facts.captures[colour.index()] = true;
            }
        }
        if to_play != self.prover {
            let legal = self.game.legal_moves(&self.nodes[d]);
            let size = self.game.start.size();
            let missing: Vec<String> = legal
                .iter()
                .filter(|m| !seen.contains(m))
                .map(|&m| size.format_move(m))
                .collect();
            if !missing.is_empty() {
                return Err(self.reject(format!(
                    "{} replies not answered: {}",
                    missing.len(),
                    missing.join(" ")
                )));
            }
        }
        Ok(facts)
    }
}
