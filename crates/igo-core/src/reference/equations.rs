//! The formulas of paper 003 (eq. 1-1 to 14), one function each, written as the paper writes them.
//!
//! Every function takes the model's vectors and matrices and returns a new one; nothing is
//! cached or clever. `M e_i` is taken as [`BoolMatrix::column`] and `ᵗM e_i` as
//! [`BoolMatrix::row`] (the same vectors, tested so in `matrix.rs`, without an O(n²) product per
//! point). Element i of a vector is an intersection (see [`super::BwModel::index`] for
//! the numbering). Where the paper distinguishes "t is even" (Black to move) from "t is odd"
//! (White to move), these functions take the colour to move instead; see the module
//! documentation of [`super`] for why, and for the other places where the formulas need care.

use crate::color::Color;
use crate::point::BoardSize;

use super::matrix::BoolMatrix;
use super::vector::BoolVector;

/// Eq. 1-1: (**b**)_i = 1 where i is black or empty, 0 where white.
pub fn black_or_empty(board: &[Option<Color>]) -> BoolVector {
    BoolVector::from_fn(board.len(), |i| board[i] != Some(Color::White))
}

/// Eq. 1-2: (**w**)_i = 1 where i is white or empty, 0 where black.
pub fn white_or_empty(board: &[Option<Color>]) -> BoolVector {
    BoolVector::from_fn(board.len(), |i| board[i] != Some(Color::Black))
}

/// Eq. 2: the empty points **l** = **b** ∧ **w**.
pub fn empty_points(b: &BoolVector, w: &BoolVector) -> BoolVector {
    b.and(w)
}

/// Eq. 3: the adjacency matrix F0, (F0)_ij = 1 when i = j or i and j are orthogonal neighbours
/// (the closed neighbourhood; symmetric). Point `i` is column `i % width`, row `i / width`.
pub fn adjacency(size: BoardSize) -> BoolMatrix {
    let w = size.width();
    BoolMatrix::from_fn(size.point_count(), |i, j| {
        let (xi, yi) = (i % w, i / w);
        let (xj, yj) = (j % w, j / w);
        xi.abs_diff(xj) + yi.abs_diff(yj) <= 1
    })
}

/// The string relation M of eq. 4: (M)_ik = 1 when i = k or i and k are stones of one string
/// ("empty points are each related only to themselves").
///
/// Built as matrices too: S = F0 ∧ (**w̄** ᵗ**w̄** ∨ **b̄** ᵗ**b̄**) relates each stone to itself
/// and to its neighbours of its own colour, and M is the reflexive-transitive closure of S.
pub fn string_relation(f0: &BoolMatrix, b: &BoolVector, w: &BoolVector) -> BoolMatrix {
    let black = w.complement();
    let white = b.complement();
    let same_colour = BoolMatrix::outer(&black, &black).or(&BoolMatrix::outer(&white, &white));
    f0.and(&same_colour).reflexive_transitive_closure()
}

/// Eq. 4: the connection matrix F computed from scratch, (F)_ij = 1 when some k has i M k and
/// k N j, that is F = M F0. Row i is the string of i and its neighbours (for an empty i: i and its
/// neighbours). Compare with the incremental F of eq. 9.
pub fn connection(f0: &BoolMatrix, b: &BoolVector, w: &BoolVector) -> BoolMatrix {
    string_relation(f0, b, w).mul(f0)
}

/// The liberties of the string of i, `ᵗF e_i ∧ l` (row i of F and the empty points), as used by
/// eq. 5 and 11.
pub fn liberties_of(f: &BoolMatrix, l: &BoolVector, i: usize) -> BoolVector {
    f.row(i).and(l)
}

/// Eq. 5: the atari vector, (**h**)_i = 1 when `|ᵗF e_i ∧ l| = 1`.
///
/// Defined on every point: an empty point has h = 1 exactly when none of its neighbours is empty
/// (row i of F then meets **l** only in i itself). Eq. 10-1 relies on this.
pub fn atari(f: &BoolMatrix, l: &BoolVector) -> BoolVector {
    BoolVector::from_fn(l.len(), |i| liberties_of(f, l, i).norm() == 1)
}

/// Eq. 6: the string made by playing on i, **a**_t(i) = (F_t **e**_i - **w**_t) ∨ **e**_i for
/// Black (with **b**_t for White).
///
/// F **e**_i is column i of F: the points whose row reaches i, that is the stones of every string
/// next to i (and i's empty neighbours, which `- w` removes together with the enemy stones).
pub fn string_formed(
    f: &BoolMatrix,
    b: &BoolVector,
    w: &BoolVector,
    to_play: Color,
    i: usize,
) -> BoolVector {
    let e = BoolVector::unit(b.len(), i);
    match to_play {
        Color::Black => f.column(i).minus(w).or(&e),
        Color::White => f.column(i).minus(b).or(&e),
    }
}

/// Eq. 7: the stones captured by playing on i, **d**_t(i) = F_t **e**_i ∧ **h**_t - **b**_t for
/// Black (with **w**_t for White): enemy stones in atari whose string touches i.
///
/// `- b` removes the mover's stones and the empty points (which may have h = 1, see [`atari`]).
pub fn captured(
    f: &BoolMatrix,
    h: &BoolVector,
    b: &BoolVector,
    w: &BoolVector,
    to_play: Color,
    i: usize,
) -> BoolVector {
    match to_play {
        Color::Black => f.column(i).and(h).minus(b),
        Color::White => f.column(i).and(h).minus(w),
    }
}

/// Eq. 8-1: **b**_{t+1} = **b**_t ∨ **d**_t(i) when Black plays (captured white stones become
/// empty), **b**_t - **e**_i when White plays.
pub fn next_black_or_empty(b: &BoolVector, d: &BoolVector, to_play: Color, i: usize) -> BoolVector {
    match to_play {
        Color::Black => b.or(d),
        Color::White => b.minus(&BoolVector::unit(b.len(), i)),
    }
}

/// Eq. 8-2: **w**_{t+1} = **w**_t - **e**_i when Black plays, **w**_t ∨ **d**_t(i) when White
/// plays.
pub fn next_white_or_empty(w: &BoolVector, d: &BoolVector, to_play: Color, i: usize) -> BoolVector {
    match to_play {
        Color::Black => w.minus(&BoolVector::unit(w.len(), i)),
        Color::White => w.or(d),
    }
}

/// Eq. 9: the incremental connection matrix F_{t+1} = (F_t ∨ A) ∧ D, with
/// A = **a**_t(i) (ᵗ**a**_t(i) F_t) and D = F0 ∨ (**d̄**_t(i) ᵗ**1**).
///
/// ᵗ**a** F_t is the union of the rows of the strings that the move joins (and of i's own row, F0's
/// row since i was empty): the neighbourhood of the merged string. A puts it on the rows of every
/// stone of that string; rows of other strings do not depend on the colours around them and stay.
/// D is all ones except on the captured stones' rows, which it cuts back to F0 (an old row always
/// contains F0's row, so the result is exactly F0's row: the point is empty again). The paper
/// prints `F_t ∨ A ∧ D`; it must be read `(F_t ∨ A) ∧ D`, since `F_t ∨ (A ∧ D)` would leave the
/// captured rows unchanged.
pub fn next_connection(
    f: &BoolMatrix,
    f0: &BoolMatrix,
    a: &BoolVector,
    d: &BoolVector,
) -> BoolMatrix {
    let n = a.len();
    let big_a = BoolMatrix::outer(a, &f.vec_mul(a));
    let big_d = f0.or(&BoolMatrix::outer(&d.complement(), &BoolVector::ones(n)));
    f.or(&big_a).and(&big_d)
}

/// Eq. 10-1: the legal points ignoring ko, F_t(**b**_t ⊕ **h**_t) ∧ **l**_t for Black
/// (**w**_t ⊕ **h**_t for White).
///
/// **b** ⊕ **h** is 1 on empty points with an empty neighbour, own stones not in atari and enemy
/// stones in atari; an empty point is legal when its closed neighbourhood (its row of F) meets
/// that set. Suicide is forbidden by this formula.
pub fn legal_ignoring_ko(
    f: &BoolMatrix,
    b: &BoolVector,
    w: &BoolVector,
    h: &BoolVector,
    l: &BoolVector,
    to_play: Color,
) -> BoolVector {
    match to_play {
        Color::Black => f.mul_vec(&b.xor(h)).and(l),
        Color::White => f.mul_vec(&w.xor(h)).and(l),
    }
}

/// Eq. 11: the counting function, (**p**(k))_i = 1 when `|ᵗF e_i ∧ l| < k`: points whose string
/// has fewer than k liberties (k = 2: atari, and strings with no liberty).
pub fn counting(f: &BoolMatrix, l: &BoolVector, k: usize) -> BoolVector {
    BoolVector::from_fn(l.len(), |i| liberties_of(f, l, i).norm() < k)
}

/// Eq. 12: the ko point after playing on i, **k**_{t+1} = **d**_t(i) when every neighbour of i was
/// an enemy stone (`|(F0 e_i - e_i) ∧ b_t| = 0` for Black, with w_t for White) and exactly one
/// stone was captured (`|d_t(i)| = 1`); otherwise **0**.
///
/// The paper's `F0 e_i - e_i ∧ b_t` is read `(F0 e_i - e_i) ∧ b_t`: the neighbours of i that are
/// the mover's stones or empty, before the move.
pub fn ko_after(
    f0: &BoolMatrix,
    b: &BoolVector,
    w: &BoolVector,
    d: &BoolVector,
    to_play: Color,
    i: usize,
) -> BoolVector {
    let e = BoolVector::unit(b.len(), i);
    let neighbours = f0.column(i).minus(&e);
    let surrounded = match to_play {
        Color::Black => neighbours.and(b).norm() == 0,
        Color::White => neighbours.and(w).norm() == 0,
    };
    if surrounded && d.norm() == 1 {
        d.clone()
    } else {
        BoolVector::zeros(b.len())
    }
}

/// Eq. 10-2: the legal points with simple ko, eq. 10-1 minus the ko vector **k**_t.
pub fn legal(
    f: &BoolMatrix,
    b: &BoolVector,
    w: &BoolVector,
    h: &BoolVector,
    l: &BoolVector,
    k: &BoolVector,
    to_play: Color,
) -> BoolVector {
    legal_ignoring_ko(f, b, w, h, l, to_play).minus(k)
}

/// Eq. 13-1: Black's liberties **i**_b = ᵗF **w̄** ∧ **l**: the empty points next to some black
/// string.
///
/// The transpose matters, F not being symmetric: (ᵗF **v**)_j = ∨_i (F_ij ∧ v_i) asks whether j
/// lies in the row (string plus neighbours) of some black stone i, while (F **v**)_j would ask
/// whether j's own closed neighbourhood holds a black stone.
pub fn black_liberties(f: &BoolMatrix, w: &BoolVector, l: &BoolVector) -> BoolVector {
    f.transpose().mul_vec(&w.complement()).and(l)
}

/// Eq. 13-2: White's liberties **i**_w = ᵗF **b̄** ∧ **l**.
pub fn white_liberties(f: &BoolMatrix, b: &BoolVector, l: &BoolVector) -> BoolVector {
    f.transpose().mul_vec(&b.complement()).and(l)
}

/// Eq. 14-1: Black's restricted points for playouts, (**r**_b)_i = 1 when
/// (F0 **e**_i - **e**_i) ⊆ (**w̄** - **h**): every neighbour is a black stone not in atari.
///
/// Defined on every point; only empty points matter (eq. 10-3 keeps only legal, hence empty,
/// points). A point with no neighbour at all (the 1x1 board) is vacuously restricted.
pub fn black_restricted(f0: &BoolMatrix, w: &BoolVector, h: &BoolVector) -> BoolVector {
    restricted(f0, &w.complement().minus(h))
}

/// Eq. 14-2: White's restricted points, (**r**_w)_i = 1 when
/// (F0 **e**_i - **e**_i) ⊆ (**b̄** - **h**).
pub fn white_restricted(f0: &BoolMatrix, b: &BoolVector, h: &BoolVector) -> BoolVector {
    restricted(f0, &b.complement().minus(h))
}

fn restricted(f0: &BoolMatrix, safe_own: &BoolVector) -> BoolVector {
    let n = safe_own.len();
    BoolVector::from_fn(n, |i| {
        let e = BoolVector::unit(n, i);
        f0.column(i).minus(&e).is_subset_of(safe_own)
    })
}

/// Eq. 10-3: the playout points, eq. 10-2 minus the mover's restricted points
/// (F_t(**b**_t ⊕ **h**_t) ∧ **l**_t - **k**_t - **r**_b for Black).
#[allow(clippy::too_many_arguments)]
pub fn playout_points(
    f: &BoolMatrix,
    b: &BoolVector,
    w: &BoolVector,
    h: &BoolVector,
    l: &BoolVector,
    k: &BoolVector,
    r: &BoolVector,
    to_play: Color,
) -> BoolVector {
    legal(f, b, w, h, l, k, to_play).minus(r)
}
