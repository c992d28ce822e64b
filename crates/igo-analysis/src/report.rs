//! Everything the analysis says about one position, as data ([`Analysis`]), as a serialisable
//! report for JSON ([`Report`]: the `igo analyze --json` format), as text, and as an SVG picture
//! with overlays for groups, enclosed regions and Benson's safe stones and territory.

use std::fmt::Write;

use igo_core::{Board, BoardSize, ByColor, Color, Point, PointSet};
use serde::Serialize;

use crate::benson::{unconditionally_alive, BensonResult};
use crate::geometry::geometry;
use crate::groups::{Groups, StaticGroup};
use crate::status::{group_status, GroupStatus, RegionEye};
use crate::svg::{Diagram, Layer};
use crate::unconditional::{unconditional_status, Unconditional};

/// The analysis of one board: blocks, both kinds of groups with their heuristic status, and
/// Benson's result for both colours.
#[derive(Clone, Debug)]
pub struct Analysis {
    board: Board,
    /// The heuristic status of every diagonal-link group, in order of its first stone.
    pub groups: Vec<GroupStatus>,
    /// The statically recognisable groups, in order of their first stone.
    pub static_groups: Vec<StaticGroup>,
    /// Benson's result for each colour.
    pub benson: ByColor<BensonResult>,
    /// Unconditional status as GNU Go defines it ([`crate::unconditional`]).
    pub unconditional: Unconditional,
}

impl Analysis {
    /// Analyses `board`.
    pub fn new(board: &Board) -> Analysis {
        Analysis::with_groups(board, &Groups::new(board))
    }

    /// Analyses `board` whose groups are already known (e.g. kept incrementally).
    pub fn with_groups(board: &Board, groups: &Groups) -> Analysis {
        let mut statuses: Vec<GroupStatus> = groups
            .diagonal_groups()
            .map(|g| group_status(board, &g.stones))
            .collect();
        statuses.sort_by_key(|s| s.stones.first());
        let mut static_groups: Vec<StaticGroup> = groups.static_groups().collect();
        static_groups.sort_by_key(|g| g.stones.first());
        Analysis {
            board: board.clone(),
            groups: statuses,
            static_groups,
            benson: ByColor::new_with(|c| unconditionally_alive(board, c)),
            unconditional: unconditional_status(board, None),
        }
    }

    /// The same analysis for the board with a simple-ko point (the point the side to move may
    /// not retake): only GNU Go's unconditional status depends on it.
    pub fn with_ko(mut self, ko: Option<Point>) -> Analysis {
        if ko.is_some() {
            self.unconditional = unconditional_status(&self.board, ko);
        }
        self
    }

    /// The board analysed.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The serialisable report.
    pub fn report(&self) -> Report {
        let size = self.board.size();
        let names = |s: &PointSet| names(size, s);
        let mut blocks: Vec<BlockReport> = self
            .board
            .blocks()
            .map(|b| BlockReport {
                color: letter(b.color()),
                stones: names(&b.stones()),
                liberties: names(&b.liberties()),
                atari: b.in_atari(),
            })
            .collect();
        blocks.sort_by(|a, b| a.stones.first().cmp(&b.stones.first()));
        let groups = self
            .groups
            .iter()
            .map(|g| GroupReport {
                color: letter(g.color),
                stones: names(&g.stones),
                blocks: g.blocks,
                links: g.counts.links(),
                diagonal_links: g.counts.diagonal_links,
                earth_links: g.counts.earth_links,
                triangles: g.counts.all_triangles(),
                squares: g.counts.squares,
                earth: g.counts.touches_earth(),
                regions: g.counts.regions(),
                enclosed: g
                    .regions
                    .iter()
                    .map(|r| RegionReport {
                        points: names(&r.points),
                        closing_joins: r.closing_joins,
                        eye: r.eye.name(),
                    })
                    .collect(),
                two_eyes_heuristic: g.two_eyes_heuristic,
            })
            .collect();
        let static_groups = self
            .static_groups
            .iter()
            .map(|g| StaticGroupReport {
                color: letter(g.color),
                stones: names(&g.stones),
            })
            .collect();
        let unconditional = |r: &BensonResult| UnconditionalReport {
            alive: names(&r.alive_blocks),
            territory: names(&r.safe_territory),
            vital_regions: names(&r.vital_regions),
            dead: names(&r.dead_stones(&self.board)),
        };
        Report {
            size: size.to_string(),
            blocks,
            groups,
            static_groups,
            unconditional: PerColor {
                black: unconditional(&self.benson.black),
                white: unconditional(&self.benson.white),
            },
            bound: PerColor {
                black: self.benson.black.bound(&self.board),
                white: self.benson.white.bound(&self.board),
            },
            unconditional_status: StatusReport {
                alive: names(&self.unconditional.alive),
                dead: names(&self.unconditional.dead),
                territory: PerColor {
                    black: names(&self.unconditional.territory.black),
                    white: names(&self.unconditional.territory.white),
                },
                invincible: names(&self.unconditional.invincible),
            },
        }
    }

    /// A text summary with a coordinate diagram, for people.
    pub fn text(&self, last_move: Option<Point>) -> String {
        let size = self.board.size();
        let mut s =
            igo_core::diagram::board_with_coordinates(&self.board, last_move, &PointSet::EMPTY);
        let list = |set: &PointSet| -> String {
            let v = names(size, set);
            if v.is_empty() {
                "-".to_string()
            } else {
                v.join(" ")
            }
        };
        let _ = writeln!(s, "\nblocks:");
        let mut blocks: Vec<_> = self.board.blocks().collect();
        blocks.sort_by_key(|b| b.stones().first());
        for b in blocks {
            let _ = writeln!(
                s,
                "  {} {:<24} liberties {}{}",
                letter(b.color()),
                list(&b.stones()),
                list(&b.liberties()),
                if b.in_atari() { "  (atari)" } else { "" }
            );
        }
        let _ = writeln!(s, "diagonal-link groups:");
        for g in &self.groups {
            let enclosed: Vec<String> = g
                .regions
                .iter()
                .map(|r| format!("{} ({})", list(&r.points), r.eye.name()))
                .collect();
            let _ = writeln!(
                s,
                "  {} {}: {} block{}, {} links{}, regions {}{}{}",
                letter(g.color),
                list(&g.stones),
                g.blocks,
                if g.blocks == 1 { "" } else { "s" },
                g.counts.links(),
                if g.counts.touches_earth() {
                    " (earth)"
                } else {
                    ""
                },
                g.counts.regions(),
                if enclosed.is_empty() {
                    String::new()
                } else {
                    format!(": {}", enclosed.join(", "))
                },
                if g.two_eyes_heuristic {
                    "; two eyes (heuristic)"
                } else {
                    ""
                }
            );
        }
        let _ = writeln!(s, "statically recognisable groups:");
        for g in &self.static_groups {
            let _ = writeln!(s, "  {} {}", letter(g.color), list(&g.stones));
        }
        let _ = writeln!(s, "unconditional life (Benson):");
        for c in Color::ALL {
            let r = &self.benson[c];
            let _ = writeln!(
                s,
                "  {}: alive {}; territory {}; bound 2a-n = {}",
                letter(c),
                list(&r.alive_blocks),
                list(&r.safe_territory),
                r.bound(&self.board)
            );
        }
        let u = &self.unconditional;
        let _ = writeln!(
            s,
            "unconditional status (GNU Go's): alive {}; dead {}; territory B {}; territory W {}",
            list(&u.alive),
            list(&u.dead),
            list(&u.territory.black),
            list(&u.territory.white)
        );
        s
    }

    /// An SVG picture with the chosen overlays.
    pub fn svg(&self, last_move: Option<Point>, overlays: Overlays) -> String {
        self.diagram(last_move, overlays).to_svg()
    }

    /// The [`Diagram`] behind [`Analysis::svg`], for callers that add marks or labels of their own.
    pub fn diagram(&self, last_move: Option<Point>, overlays: Overlays) -> Diagram {
        let size = self.board.size();
        let mut d = Diagram::new(&self.board).last_move(last_move);
        if overlays.regions {
            for c in Color::ALL {
                let mut eyes = PointSet::EMPTY;
                let mut doubtful = PointSet::EMPTY;
                for g in self.groups.iter().filter(|g| g.color == c) {
                    for r in &g.regions {
                        if r.eye == RegionEye::Eye {
                            eyes |= r.points;
                        } else {
                            doubtful |= r.points;
                        }
                    }
                }
                d = d
                    .layer(Layer::Shade {
                        points: eyes,
                        fill: region_color(c).into(),
                        opacity: EYE_OPACITY,
                        class: format!("region {}", color_name(c)),
                    })
                    .layer(Layer::Hatch {
                        points: doubtful,
                        stroke: region_color(c).into(),
                        class: format!("region possibly-false {}", color_name(c)),
                    });
            }
            d = d
                .legend_shade(
                    region_color(Color::Black),
                    EYE_OPACITY,
                    "enclosed region of a black group, taken as an eye",
                )
                .legend_shade(
                    region_color(Color::White),
                    EYE_OPACITY,
                    "enclosed region of a white group, taken as an eye",
                )
                .legend_hatch(
                    region_color(Color::Black),
                    "hatched: closed by one or two diagonal links, maybe a false eye",
                );
        }
        if overlays.groups {
            let g = geometry(size);
            for (k, group) in self.groups.iter().enumerate() {
                let mut segments = Vec::new();
                let mut to_edge = Vec::new();
                for p in group.stones.iter() {
                    let ring = g.ring(p);
                    for q in [ring[3], ring[4], ring[5], ring[6]].into_iter().flatten() {
                        if group.stones.contains(q) {
                            segments.push((p, q));
                        }
                    }
                    if g.border.contains(p) {
                        to_edge.push(p);
                    }
                }
                d = d.layer(Layer::Lines {
                    segments,
                    to_edge,
                    stroke: PALETTE[k % PALETTE.len()].into(),
                    width: 0.06,
                    opacity: 0.85,
                    class: format!("group {}", color_name(group.color)),
                });
            }
            d = d.legend(
                PALETTE[0],
                "links of a diagonal-link group, one colour a group (dashed: to earth)",
            );
        }
        if overlays.benson {
            for c in Color::ALL {
                let r = &self.benson[c];
                d = d
                    .layer(Layer::Rings {
                        points: r.alive_blocks,
                        stroke: "#10a040".into(),
                        class: format!("alive {}", color_name(c)),
                    })
                    .layer(Layer::Territory {
                        points: r.safe_territory,
                        owner: c,
                        stroke: "#10a040".into(),
                    });
            }
            d = d.legend(
                "#10a040",
                "Benson: unconditionally alive (ring) and safe territory (square)",
            );
        }
        d
    }
}

/// Which overlays [`Analysis::svg`] draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Overlays {
    /// Links of each diagonal-link group (and to earth). \[true\]
    pub groups: bool,
    /// Enclosed regions, eyes and possibly false eyes. \[true\]
    pub regions: bool,
    /// Benson's alive stones and safe territory. \[true\]
    pub benson: bool,
}

impl Default for Overlays {
    fn default() -> Overlays {
        Overlays {
            groups: true,
            regions: true,
            benson: true,
        }
    }
}

/// Tint of the enclosed regions of each colour's groups.
fn region_color(c: Color) -> &'static str {
    match c {
        Color::Black => "#1f5fe0",
        Color::White => "#e0402a",
    }
}

/// Opacity of regions taken as eyes.
const EYE_OPACITY: f64 = 0.5;

/// Stroke colours for the groups' links, one after another.
const PALETTE: [&str; 6] = [
    "#2a9d8f", "#e76f51", "#8e44ad", "#f4a261", "#1d3557", "#c71f66",
];

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

fn names(size: BoardSize, set: &PointSet) -> Vec<String> {
    set.iter().map(|p| size.format_point(p)).collect()
}

/// The `igo analyze --json` report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    /// Board size, `WxH`.
    pub size: String,
    /// Every block.
    pub blocks: Vec<BlockReport>,
    /// Every diagonal-link group with its regions and heuristic status.
    pub groups: Vec<GroupReport>,
    /// Every statically recognisable group.
    pub static_groups: Vec<StaticGroupReport>,
    /// Benson's result per colour.
    pub unconditional: PerColor<UnconditionalReport>,
    /// Paper 001's guaranteed margin 2a - n per colour.
    pub bound: PerColor<i32>,
    /// Unconditional status as GNU Go 3.8 defines it (points that are not listed are
    /// `undecided`).
    pub unconditional_status: StatusReport,
}

/// GNU Go's unconditional status of every point that is not `undecided`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatusReport {
    /// Stones whose status is `alive`.
    pub alive: Vec<String>,
    /// Stones whose status is `dead`.
    pub dead: Vec<String>,
    /// Empty points of each colour's unconditional territory.
    pub territory: PerColor<Vec<String>>,
    /// Stones of the strings that cannot be captured even by any number of moves in a row.
    pub invincible: Vec<String>,
}

/// A value per colour, written `{"B": .., "W": ..}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PerColor<T> {
    /// Black's.
    #[serde(rename = "B")]
    pub black: T,
    /// White's.
    #[serde(rename = "W")]
    pub white: T,
}

/// One block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BlockReport {
    /// `B` or `W`.
    pub color: &'static str,
    /// Its stones.
    pub stones: Vec<String>,
    /// Its liberties.
    pub liberties: Vec<String>,
    /// Whether it has one liberty.
    pub atari: bool,
}

/// One diagonal-link group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupReport {
    /// `B` or `W`.
    pub color: &'static str,
    /// Its stones.
    pub stones: Vec<String>,
    /// Its blocks.
    pub blocks: u32,
    /// All links: orthogonal, diagonal and to earth.
    pub links: u32,
    /// Diagonal links.
    pub diagonal_links: u32,
    /// Links to earth.
    pub earth_links: u32,
    /// Triangles (earth triangles included).
    pub triangles: u32,
    /// Full 2x2 squares.
    pub squares: u32,
    /// Whether it is linked to earth.
    pub earth: bool,
    /// Enclosed regions by Euler's formula.
    pub regions: i32,
    /// The enclosed regions.
    pub enclosed: Vec<RegionReport>,
    /// Whether two regions are eyes by the paper's heuristic.
    pub two_eyes_heuristic: bool,
}

/// One enclosed region.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RegionReport {
    /// Its points.
    pub points: Vec<String>,
    /// The diagonal joins that close it.
    pub closing_joins: u32,
    /// `eye`, `possibly_false` or `false`.
    pub eye: &'static str,
}

/// One statically recognisable group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StaticGroupReport {
    /// `B` or `W`.
    pub color: &'static str,
    /// Its stones.
    pub stones: Vec<String>,
}

/// Benson's result for one colour.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct UnconditionalReport {
    /// Unconditionally alive stones.
    pub alive: Vec<String>,
    /// Safe territory (dead enemy stones included).
    pub territory: Vec<String>,
    /// The vital regions (part of the territory).
    pub vital_regions: Vec<String>,
    /// Enemy stones in the territory.
    pub dead: Vec<String>,
}
