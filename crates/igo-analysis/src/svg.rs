//! SVG diagrams of positions: the one renderer of igo, for analysis overlays, tsumego answers
//! (numbered moves), maximum-strings boards and anything else that shows a board.
//!
//! A [`Diagram`] is built from a board (or two stone sets) with a small builder: options
//! ([`DiagramOptions`]), overlay layers drawn in the order given ([`Layer`]: shaded points, lines
//! between points and to the edge, rings on stones, territory squares), per-point marks
//! ([`Mark`]) and text labels, the last move, and a legend. [`Diagram::to_svg`] writes SVG 1.1
//! text by hand (the format is simple and a dependency would add nothing); every element that
//! stands for something has a `class` naming it (`stone black`, `stone white`, `mark`, `label`,
//! `territory`, `link`, ...) so that tests and style sheets can find it.
//!
//! ```
//! use igo_analysis::svg::{Diagram, Mark};
//! use igo_core::Position;
//! let pos = Position::from_diagram("
//!     . X O
//!     X O .
//!     . . .").unwrap();
//! let a1 = pos.size().parse_point("A1").unwrap();
//! let svg = Diagram::new(pos.board()).mark(a1, Mark::Triangle).label(a1, "1").to_svg();
//! assert!(svg.starts_with("<svg") && svg.matches("class=\"stone ").count() == 4);
//! ```

use std::fmt::Write;

use igo_core::{Board, BoardSize, Color, Point, PointSet};

/// GTP column letters.
const COLUMNS: &[u8] = b"ABCDEFGHJKLMNOPQRST";

/// Drawing options. \[defaults in brackets\]
#[derive(Clone, Debug, PartialEq)]
pub struct DiagramOptions {
    /// Pixels between grid lines. \[32\]
    pub cell: f64,
    /// Draw GTP coordinates round the board. \[true\]
    pub coordinates: bool,
    /// Board colour (any SVG colour). \[`#dcb35c`\]
    pub board_color: String,
    /// A title above the board. \[none\]
    pub title: Option<String>,
}

impl Default for DiagramOptions {
    fn default() -> DiagramOptions {
        DiagramOptions {
            cell: 32.0,
            coordinates: true,
            board_color: "#dcb35c".to_string(),
            title: None,
        }
    }
}

/// A symbol drawn on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// An open circle.
    Circle,
    /// An open square.
    Square,
    /// An open triangle.
    Triangle,
    /// A cross.
    Cross,
    /// A small filled dot.
    Dot,
}

impl Mark {
    fn name(self) -> &'static str {
        match self {
            Mark::Circle => "circle",
            Mark::Square => "square",
            Mark::Triangle => "triangle",
            Mark::Cross => "cross",
            Mark::Dot => "dot",
        }
    }
}

/// One overlay, drawn in the order the layers were added.
#[derive(Clone, Debug, PartialEq)]
pub enum Layer {
    /// Tinted squares on points, under the stones.
    Shade {
        /// The points.
        points: PointSet,
        /// Fill colour.
        fill: String,
        /// Opacity, 0 to 1.
        opacity: f64,
        /// A class name for the squares (after `shade`).
        class: String,
    },
    /// Diagonal hatching on points, under the stones.
    Hatch {
        /// The points.
        points: PointSet,
        /// Stroke colour.
        stroke: String,
        /// A class name for the hatching (after `hatch`).
        class: String,
    },
    /// Straight lines between point centres, and from points to the nearest board edge (earth
    /// links), drawn over the stones.
    Lines {
        /// Pairs of points to join.
        segments: Vec<(Point, Point)>,
        /// Points to join to the board's edge.
        to_edge: Vec<Point>,
        /// Stroke colour.
        stroke: String,
        /// Stroke width as a fraction of the cell.
        width: f64,
        /// Stroke opacity, 0 to 1.
        opacity: f64,
        /// A class name for the lines (after `link`).
        class: String,
    },
    /// Rings drawn round stones (or points).
    Rings {
        /// The points.
        points: PointSet,
        /// Stroke colour.
        stroke: String,
        /// A class name (after `ring`).
        class: String,
    },
    /// Small filled squares on points, as territory is marked, with an outline.
    Territory {
        /// The points.
        points: PointSet,
        /// Whose territory: the square is drawn in that colour.
        owner: Color,
        /// Outline colour.
        stroke: String,
    },
}

/// A diagram being built; see the module documentation.
#[derive(Clone, Debug)]
pub struct Diagram {
    size: BoardSize,
    black: PointSet,
    white: PointSet,
    options: DiagramOptions,
    layers: Vec<Layer>,
    marks: Vec<(Point, Mark, Option<String>)>,
    labels: Vec<(Point, String)>,
    last_move: Option<Point>,
    legend: Vec<LegendEntry>,
}

/// One line of the legend.
#[derive(Clone, Debug, PartialEq)]
struct LegendEntry {
    swatch: String,
    opacity: f64,
    hatch: bool,
    text: String,
}

impl Diagram {
    /// A diagram of the stones of `board`.
    pub fn new(board: &Board) -> Diagram {
        Diagram::from_stones(
            board.size(),
            board.stones(Color::Black),
            board.stones(Color::White),
        )
    }

    /// A diagram of these stones (black wins where both are given).
    pub fn from_stones(size: BoardSize, black: PointSet, white: PointSet) -> Diagram {
        let full = PointSet::full(size);
        Diagram {
            size,
            black: black & full,
            white: (white & full) - black,
            options: DiagramOptions::default(),
            layers: Vec::new(),
            marks: Vec::new(),
            labels: Vec::new(),
            last_move: None,
            legend: Vec::new(),
        }
    }

    /// Sets the options.
    pub fn options(mut self, options: DiagramOptions) -> Diagram {
        self.options = options;
        self
    }

    /// Sets the title.
    pub fn title(mut self, title: impl Into<String>) -> Diagram {
        self.options.title = Some(title.into());
        self
    }

    /// Marks the last move (a small circle on its stone).
    pub fn last_move(mut self, p: Option<Point>) -> Diagram {
        self.last_move = p;
        self
    }

    /// Adds an overlay layer.
    pub fn layer(mut self, layer: Layer) -> Diagram {
        self.layers.push(layer);
        self
    }

    /// Adds a mark on `p`, in the colour that shows on what is there.
    pub fn mark(mut self, p: Point, mark: Mark) -> Diagram {
        self.marks.push((p, mark, None));
        self
    }

    /// Adds a mark on `p` in the colour `color`.
    pub fn mark_colored(mut self, p: Point, mark: Mark, color: impl Into<String>) -> Diagram {
        self.marks.push((p, mark, Some(color.into())));
        self
    }

    /// Adds a text label on `p` (a move number, a letter); on an empty point the grid under it is
    /// hidden.
    pub fn label(mut self, p: Point, text: impl Into<String>) -> Diagram {
        self.labels.push((p, text.into()));
        self
    }

    /// Adds a legend entry: a colour swatch and its meaning, shown under the board.
    pub fn legend(self, swatch: impl Into<String>, text: impl Into<String>) -> Diagram {
        self.legend_shade(swatch, 1.0, text)
    }

    /// Adds a legend entry whose swatch is `swatch` at `opacity` over the board colour, as a
    /// [`Layer::Shade`] of that colour looks.
    pub fn legend_shade(
        mut self,
        swatch: impl Into<String>,
        opacity: f64,
        text: impl Into<String>,
    ) -> Diagram {
        self.legend.push(LegendEntry {
            swatch: swatch.into(),
            opacity,
            hatch: false,
            text: text.into(),
        });
        self
    }

    /// Adds a legend entry whose swatch is hatched in `stroke`, as a [`Layer::Hatch`] looks.
    pub fn legend_hatch(mut self, stroke: impl Into<String>, text: impl Into<String>) -> Diagram {
        self.legend.push(LegendEntry {
            swatch: stroke.into(),
            opacity: 1.0,
            hatch: true,
            text: text.into(),
        });
        self
    }

    fn margin(&self) -> f64 {
        self.options.cell * if self.options.coordinates { 1.3 } else { 0.7 }
    }

    fn title_height(&self) -> f64 {
        if self.options.title.is_some() {
            self.options.cell * 0.9
        } else {
            0.0
        }
    }

    fn centre(&self, p: Point) -> (f64, f64) {
        let (x, y) = self.size.coords(p);
        let c = self.options.cell;
        let m = self.margin();
        (m + x as f64 * c, m + self.title_height() + y as f64 * c)
    }

    fn color_at(&self, p: Point) -> Option<Color> {
        if self.black.contains(p) {
            Some(Color::Black)
        } else if self.white.contains(p) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The colour that shows on point `p` (white on black stones, black elsewhere).
    fn ink(&self, p: Point) -> &'static str {
        if self.color_at(p) == Some(Color::Black) {
            "#fff"
        } else {
            "#000"
        }
    }

    /// The SVG text.
    pub fn to_svg(&self) -> String {
        let c = self.options.cell;
        let m = self.margin();
        let (w, h) = (self.size.width(), self.size.height());
        let board_w = 2.0 * m + (w - 1) as f64 * c;
        // Legend lines are as long as they are; widen the picture (white beside the board) to
        // hold them, estimating a character at 0.56 of the font size.
        let legend_w = self
            .legend
            .iter()
            .map(|e| c * 1.1 + e.text.chars().count() as f64 * LEGEND_FONT * c * 0.56)
            .fold(0.0, f64::max);
        let total_w = board_w.max(legend_w);
        let legend_h = if self.legend.is_empty() {
            0.0
        } else {
            c * 0.6 * self.legend.len() as f64 + c * 0.4
        };
        let total_h = 2.0 * m + (h - 1) as f64 * c + self.title_height() + legend_h;
        let top = self.title_height();
        let mut s = String::with_capacity(4096 + 400 * self.size.point_count());
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{total_w:.1}\" \
             height=\"{total_h:.1}\" viewBox=\"0 0 {total_w:.1} {total_h:.1}\" \
             font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">"
        );
        let _ = writeln!(
            s,
            "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{total_w:.1}\" height=\"{total_h:.1}\" fill=\"#fff\"/>"
        );
        let _ = writeln!(
            s,
            "<rect class=\"board\" x=\"0\" y=\"{top:.1}\" width=\"{board_w:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
            2.0 * m + (h - 1) as f64 * c,
            escape(&self.options.board_color)
        );
        if let Some(title) = &self.options.title {
            let _ = writeln!(
                s,
                "<text class=\"title\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\" text-anchor=\"middle\">{}</text>",
                board_w.max(c * 8.0) / 2.0,
                c * 0.62,
                c * 0.45,
                escape(title)
            );
        }
        self.grid(&mut s);
        for layer in &self.layers {
            match layer {
                Layer::Shade {
                    points,
                    fill,
                    opacity,
                    class,
                } => {
                    for p in points.iter() {
                        let (x, y) = self.centre(p);
                        let _ = writeln!(
                            s,
                            "<rect class=\"shade {}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{c:.1}\" height=\"{c:.1}\" fill=\"{}\" fill-opacity=\"{opacity:.2}\"/>",
                            escape(class),
                            x - c / 2.0,
                            y - c / 2.0,
                            escape(fill)
                        );
                    }
                }
                Layer::Hatch {
                    points,
                    stroke,
                    class,
                } => {
                    for p in points.iter() {
                        let (x, y) = self.centre(p);
                        let _ = writeln!(
                            s,
                            "<path class=\"hatch {}\" d=\"{}\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
                            escape(class),
                            hatch_path(x - c / 2.0, y - c / 2.0, c),
                            escape(stroke),
                            c * 0.05
                        );
                    }
                }
                _ => {}
            }
        }
        self.stones(&mut s);
        for layer in &self.layers {
            match layer {
                Layer::Shade { .. } | Layer::Hatch { .. } => {}
                Layer::Lines {
                    segments,
                    to_edge,
                    stroke,
                    width,
                    opacity,
                    class,
                } => {
                    let sw = width * c;
                    for &(a, b) in segments {
                        let (x1, y1) = self.centre(a);
                        let (x2, y2) = self.centre(b);
                        let _ = writeln!(
                            s,
                            "<line class=\"link {}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{}\" stroke-width=\"{sw:.1}\" stroke-opacity=\"{opacity:.2}\" stroke-linecap=\"round\"/>",
                            escape(class),
                            escape(stroke)
                        );
                    }
                    for &p in to_edge {
                        for (x2, y2) in self.edge_ends(p) {
                            let (x1, y1) = self.centre(p);
                            let _ = writeln!(
                                s,
                                "<line class=\"link earth {}\" x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"{}\" stroke-width=\"{sw:.1}\" stroke-opacity=\"{opacity:.2}\" stroke-dasharray=\"{:.1} {:.1}\"/>",
                                escape(class),
                                escape(stroke),
                                sw * 1.5,
                                sw
                            );
                        }
                    }
                }
                Layer::Rings {
                    points,
                    stroke,
                    class,
                } => {
                    for p in points.iter() {
                        let (x, y) = self.centre(p);
                        let _ = writeln!(
                            s,
                            "<circle class=\"ring {}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
                            escape(class),
                            c * 0.5,
                            escape(stroke),
                            c * 0.08
                        );
                    }
                }
                Layer::Territory {
                    points,
                    owner,
                    stroke,
                } => {
                    let (fill, name) = match owner {
                        Color::Black => ("#000", "black"),
                        Color::White => ("#fff", "white"),
                    };
                    let side = c * 0.34;
                    for p in points.iter() {
                        let (x, y) = self.centre(p);
                        let _ = writeln!(
                            s,
                            "<rect class=\"territory {name}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"{fill}\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
                            x - side / 2.0,
                            y - side / 2.0,
                            escape(stroke),
                            c * 0.05
                        );
                    }
                }
            }
        }
        self.marks_and_labels(&mut s);
        if !self.legend.is_empty() {
            let y0 = top + 2.0 * m + (h - 1) as f64 * c + c * 0.3;
            for (k, entry) in self.legend.iter().enumerate() {
                let y = y0 + k as f64 * c * 0.6;
                let (x, side) = (c * 0.3, c * 0.4);
                let _ = writeln!(
                    s,
                    "<rect class=\"legend-base\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"{}\"/>",
                    escape(&self.options.board_color)
                );
                if entry.hatch {
                    let _ = writeln!(
                        s,
                        "<path class=\"legend-swatch\" d=\"{}\" stroke=\"{}\" stroke-width=\"{:.1}\"/>",
                        hatch_path(x, y, side),
                        escape(&entry.swatch),
                        c * 0.04
                    );
                } else {
                    let _ = writeln!(
                        s,
                        "<rect class=\"legend-swatch\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"{}\" fill-opacity=\"{:.2}\"/>",
                        escape(&entry.swatch),
                        entry.opacity
                    );
                }
                let _ = writeln!(
                    s,
                    "<rect class=\"legend-frame\" x=\"{x:.1}\" y=\"{y:.1}\" width=\"{side:.1}\" height=\"{side:.1}\" fill=\"none\" stroke=\"#444\" stroke-width=\"0.5\"/>"
                );
                let _ = writeln!(
                    s,
                    "<text class=\"legend\" x=\"{:.1}\" y=\"{:.1}\" font-size=\"{:.1}\">{}</text>",
                    c * 0.9,
                    y + c * 0.33,
                    LEGEND_FONT * c,
                    escape(&entry.text)
                );
            }
        }
        s.push_str("</svg>\n");
        s
    }

    /// Grid lines, star points and coordinates.
    fn grid(&self, s: &mut String) {
        let c = self.options.cell;
        let m = self.margin();
        let top = self.title_height();
        let (w, h) = (self.size.width(), self.size.height());
        let (x_end, y_end) = (m + (w - 1) as f64 * c, top + m + (h - 1) as f64 * c);
        let _ = writeln!(
            s,
            "<g class=\"grid\" stroke=\"#000\" stroke-width=\"{:.2}\">",
            c / 32.0
        );
        for x in 0..w {
            let xx = m + x as f64 * c;
            let _ = writeln!(
                s,
                "<line x1=\"{xx:.1}\" y1=\"{:.1}\" x2=\"{xx:.1}\" y2=\"{y_end:.1}\"/>",
                top + m
            );
        }
        for y in 0..h {
            let yy = top + m + y as f64 * c;
            let _ = writeln!(
                s,
                "<line x1=\"{m:.1}\" y1=\"{yy:.1}\" x2=\"{x_end:.1}\" y2=\"{yy:.1}\"/>"
            );
        }
        s.push_str("</g>\n");
        for p in self.size.points() {
            let (x, y) = self.size.coords(p);
            if is_star_point(self.size, x, y) {
                let (cx, cy) = self.centre(p);
                let _ = writeln!(
                    s,
                    "<circle class=\"star\" cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"{:.1}\" fill=\"#000\"/>",
                    c * 0.09
                );
            }
        }
        if self.options.coordinates {
            let fs = c * 0.38;
            for (x, &letter) in COLUMNS.iter().enumerate().take(w) {
                let xx = m + x as f64 * c;
                let letter = letter as char;
                for yy in [top + m - c * 0.75, y_end + c * 0.75 + fs * 0.35] {
                    let _ = writeln!(
                        s,
                        "<text class=\"coordinate\" x=\"{xx:.1}\" y=\"{yy:.1}\" font-size=\"{fs:.1}\" text-anchor=\"middle\">{letter}</text>"
                    );
                }
            }
            for y in 0..h {
                let yy = top + m + y as f64 * c + fs * 0.35;
                let row = h - y;
                for (xx, anchor) in [(m - c * 0.65, "end"), (x_end + c * 0.65, "start")] {
                    let _ = writeln!(
                        s,
                        "<text class=\"coordinate\" x=\"{xx:.1}\" y=\"{yy:.1}\" font-size=\"{fs:.1}\" text-anchor=\"{anchor}\">{row}</text>"
                    );
                }
            }
        }
    }

    fn stones(&self, s: &mut String) {
        let r = self.options.cell * 0.47;
        for (set, name, fill) in [
            (self.black, "black", "#111"),
            (self.white, "white", "#f8f8f8"),
        ] {
            for p in set.iter() {
                let (x, y) = self.centre(p);
                let _ = writeln!(
                    s,
                    "<circle class=\"stone {name}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\" stroke=\"#000\" stroke-width=\"{:.1}\"/>",
                    self.options.cell / 32.0
                );
            }
        }
    }

    /// Ends of earth-link lines from `p` to each side of the board it lies on.
    fn edge_ends(&self, p: Point) -> Vec<(f64, f64)> {
        let (x, y) = self.size.coords(p);
        let (cx, cy) = self.centre(p);
        let reach = self.margin() * 0.45;
        let mut out = Vec::new();
        if x == 0 {
            out.push((cx - reach, cy));
        }
        if x + 1 == self.size.width() {
            out.push((cx + reach, cy));
        }
        if y == 0 {
            out.push((cx, cy - reach));
        }
        if y + 1 == self.size.height() {
            out.push((cx, cy + reach));
        }
        out
    }

    fn marks_and_labels(&self, s: &mut String) {
        let c = self.options.cell;
        if let Some(p) = self.last_move {
            let (x, y) = self.centre(p);
            let labelled = self.labels.iter().any(|(q, _)| *q == p);
            if !labelled {
                let _ = writeln!(
                    s,
                    "<circle class=\"last-move\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"none\" stroke=\"#d00\" stroke-width=\"{:.1}\"/>",
                    c * 0.2,
                    c * 0.07
                );
            }
        }
        for (p, mark, color) in &self.marks {
            let (x, y) = self.centre(*p);
            let ink = color.as_deref().unwrap_or(self.ink(*p));
            let ink = escape(ink);
            let sw = c * 0.06;
            let k = c * 0.22;
            let name = mark.name();
            let _ = match mark {
                Mark::Circle => writeln!(
                    s,
                    "<circle class=\"mark {name}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{k:.1}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{sw:.1}\"/>"
                ),
                Mark::Square => writeln!(
                    s,
                    "<rect class=\"mark {name}\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{sw:.1}\"/>",
                    x - k,
                    y - k,
                    2.0 * k,
                    2.0 * k
                ),
                Mark::Triangle => writeln!(
                    s,
                    "<polygon class=\"mark {name}\" points=\"{x:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"none\" stroke=\"{ink}\" stroke-width=\"{sw:.1}\"/>",
                    y - k * 1.15,
                    x - k,
                    y + k * 0.6,
                    x + k,
                    y + k * 0.6
                ),
                Mark::Cross => writeln!(
                    s,
                    "<path class=\"mark {name}\" d=\"M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}\" stroke=\"{ink}\" stroke-width=\"{sw:.1}\"/>",
                    x - k,
                    y - k,
                    x + k,
                    y + k,
                    x - k,
                    y + k,
                    x + k,
                    y - k
                ),
                Mark::Dot => writeln!(
                    s,
                    "<circle class=\"mark {name}\" cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{:.1}\" fill=\"{ink}\"/>",
                    k * 0.6
                ),
            };
        }
        for (p, text) in &self.labels {
            let (x, y) = self.centre(*p);
            let fs = if text.chars().count() >= 3 {
                c * 0.36
            } else {
                c * 0.46
            };
            if self.color_at(*p).is_none() {
                let _ = writeln!(
                    s,
                    "<rect class=\"label-background\" x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"{}\"/>",
                    x - c * 0.36,
                    y - c * 0.3,
                    c * 0.72,
                    c * 0.6,
                    escape(&self.options.board_color)
                );
            }
            let _ = writeln!(
                s,
                "<text class=\"label\" x=\"{x:.1}\" y=\"{:.1}\" font-size=\"{fs:.1}\" text-anchor=\"middle\" fill=\"{}\">{}</text>",
                y + fs * 0.36,
                self.ink(*p),
                escape(text)
            );
        }
    }
}

/// Legend font size as a fraction of the cell.
const LEGEND_FONT: f64 = 0.36;

/// Three diagonal strokes across the square with upper left corner (x, y) and side `side`.
fn hatch_path(x: f64, y: f64, side: f64) -> String {
    let h = side / 2.0;
    format!(
        "M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1} M{:.1},{:.1} L{:.1},{:.1}",
        x,
        y + h,
        x + h,
        y,
        x,
        y + side,
        x + side,
        y,
        x + h,
        y + side,
        x + side,
        y + h
    )
}

fn is_star_point(size: BoardSize, x: usize, y: usize) -> bool {
    let star = |n: usize, i: usize| -> bool {
        match n {
            19 => i == 3 || i == 9 || i == 15,
            13 => i == 3 || i == 6 || i == 9,
            9 => i == 2 || i == 4 || i == 6,
            _ => false,
        }
    };
    size.width() == size.height() && star(size.width(), x) && star(size.height(), y)
}

/// Escapes text for SVG content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use igo_core::Position;

    #[test]
    fn svg_parses_and_has_one_circle_per_stone_and_the_marks() {
        let pos = Position::from_diagram(
            "
            . X O . .
            X O . . .
            . . . X .
            . . . . O
            . . . . .",
        )
        .unwrap();
        let size = pos.size();
        let p = |s| size.parse_point(s).unwrap();
        let svg = Diagram::new(pos.board())
            .title("a <test> & \"quotes\"")
            .last_move(Some(p("E2")))
            .mark(p("A1"), Mark::Triangle)
            .mark(p("B4"), Mark::Square)
            .label(p("C3"), "12")
            .label(p("B5"), "A")
            .layer(Layer::Territory {
                points: [p("A5"), p("A3")].into_iter().collect(),
                owner: Color::Black,
                stroke: "#080".into(),
            })
            .legend("#080", "territory")
            .to_svg();
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let class_count = |prefix: &str| {
            doc.descendants()
                .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with(prefix)))
                .count()
        };
        assert_eq!(class_count("stone black"), 3);
        assert_eq!(class_count("stone white"), 3);
        assert_eq!(class_count("mark"), 2);
        assert_eq!(class_count("label"), 3); // two labels and one background (C3 is empty)
        assert_eq!(class_count("territory"), 2);
        assert_eq!(class_count("last-move"), 1);
        // 5 letters top and bottom, 5 numbers left and right.
        assert_eq!(class_count("coordinate"), 20);
        let title = doc
            .descendants()
            .find(|n| n.attribute("class") == Some("title"))
            .unwrap();
        assert_eq!(title.text(), Some("a <test> & \"quotes\""));
    }
}
