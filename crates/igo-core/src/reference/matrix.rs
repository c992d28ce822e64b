//! Dense square boolean matrices of paper 003's BW model (F0, F, A, D, M), with the boolean
//! products the paper uses: `M v`, `ᵗv M`, `M N` and the outer product `u ᵗv`.
//!
//! An n x n `Vec<bool>` in row-major order, written for the reference model and deliberately
//! simple; products are the textbook triple loop over booleans. The only shortcut is that a
//! product skips the terms whose left factor is 0 (the boolean sum of those terms is 0 anyway),
//! which keeps the from-scratch F of eq. 4 affordable on 19x19.

use std::fmt;

use super::vector::BoolVector;

/// A square boolean matrix.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BoolMatrix {
    n: usize,
    cells: Vec<bool>,
}

impl BoolMatrix {
    /// The n x n zero matrix.
    pub fn zeros(n: usize) -> BoolMatrix {
        BoolMatrix {
            n,
            cells: vec![false; n * n],
        }
    }

    /// The n x n matrix whose every element is 1.
    pub fn ones(n: usize) -> BoolMatrix {
        BoolMatrix {
            n,
            cells: vec![true; n * n],
        }
    }

    /// The n x n identity matrix.
    pub fn identity(n: usize) -> BoolMatrix {
        BoolMatrix::from_fn(n, |i, j| i == j)
    }

    /// The matrix whose element (i, j) is `f(i, j)`.
    pub fn from_fn(n: usize, mut f: impl FnMut(usize, usize) -> bool) -> BoolMatrix {
        let mut m = BoolMatrix::zeros(n);
        for i in 0..n {
            for j in 0..n {
                m.cells[i * n + j] = f(i, j);
            }
        }
        m
    }

    /// The order n (number of rows and of columns).
    pub fn order(&self) -> usize {
        self.n
    }

    /// Element (i, j), the paper's (M)_ij.
    pub fn get(&self, i: usize, j: usize) -> bool {
        self.cells[i * self.n + j]
    }

    /// Sets element (i, j).
    pub fn set(&mut self, i: usize, j: usize, value: bool) {
        self.cells[i * self.n + j] = value;
    }

    /// The transpose ᵗM.
    pub fn transpose(&self) -> BoolMatrix {
        BoolMatrix::from_fn(self.n, |i, j| self.get(j, i))
    }

    /// Row `i` as a vector: the paper's `ᵗM e_i` (see the test `row_is_transpose_times_unit`).
    pub fn row(&self, i: usize) -> BoolVector {
        BoolVector::from_fn(self.n, |j| self.get(i, j))
    }

    /// Column `j` as a vector: `M e_j`.
    pub fn column(&self, j: usize) -> BoolVector {
        BoolVector::from_fn(self.n, |i| self.get(i, j))
    }

    /// The product `M v`: element i is `∨_j (M_ij ∧ v_j)`.
    pub fn mul_vec(&self, v: &BoolVector) -> BoolVector {
        assert_eq!(v.len(), self.n, "matrix and vector of different sizes");
        BoolVector::from_fn(self.n, |i| (0..self.n).any(|j| self.get(i, j) && v.get(j)))
    }

    /// The product of the row vector `ᵗv` with `M`, `ᵗv M`, returned as a (column) vector:
    /// element j is `∨_i (v_i ∧ M_ij)`.
    pub fn vec_mul(&self, v: &BoolVector) -> BoolVector {
        assert_eq!(v.len(), self.n, "matrix and vector of different sizes");
        let mut out = BoolVector::zeros(self.n);
        for i in v.ones_indices() {
            for j in 0..self.n {
                if self.get(i, j) {
                    out.set(j, true);
                }
            }
        }
        out
    }

    /// The boolean product `M N`: element (i, j) is `∨_k (M_ik ∧ N_kj)`.
    pub fn mul(&self, other: &BoolMatrix) -> BoolMatrix {
        assert_eq!(self.n, other.n, "matrices of different sizes");
        let n = self.n;
        let mut out = BoolMatrix::zeros(n);
        for i in 0..n {
            for k in 0..n {
                if !self.get(i, k) {
                    continue; // every term M_ik ∧ N_kj is 0
                }
                for j in 0..n {
                    if other.get(k, j) {
                        out.cells[i * n + j] = true;
                    }
                }
            }
        }
        out
    }

    /// The outer product `u ᵗv`: element (i, j) is `u_i ∧ v_j`.
    pub fn outer(u: &BoolVector, v: &BoolVector) -> BoolMatrix {
        assert_eq!(u.len(), v.len(), "vectors of different lengths");
        BoolMatrix::from_fn(u.len(), |i, j| u.get(i) && v.get(j))
    }

    /// `M ∨ N`, element by element.
    pub fn or(&self, other: &BoolMatrix) -> BoolMatrix {
        self.zip(other, |a, b| a || b)
    }

    /// `M ∧ N`, element by element.
    pub fn and(&self, other: &BoolMatrix) -> BoolMatrix {
        self.zip(other, |a, b| a && b)
    }

    fn zip(&self, other: &BoolMatrix, op: impl Fn(bool, bool) -> bool) -> BoolMatrix {
        assert_eq!(self.n, other.n, "matrices of different sizes");
        BoolMatrix {
            n: self.n,
            cells: self
                .cells
                .iter()
                .zip(&other.cells)
                .map(|(&a, &b)| op(a, b))
                .collect(),
        }
    }

    /// Whether `M = ᵗM`.
    pub fn is_symmetric(&self) -> bool {
        *self == self.transpose()
    }

    /// The reflexive and transitive closure `I ∨ M ∨ M² ∨ ...`, by squaring `I ∨ M` until it no
    /// longer changes.
    pub fn reflexive_transitive_closure(&self) -> BoolMatrix {
        let mut c = self.or(&BoolMatrix::identity(self.n));
        loop {
            let next = c.mul(&c);
            if next == c {
                return c;
            }
            c = next;
        }
    }
}

impl fmt::Debug for BoolMatrix {
    /// One line of `0` and `1` a row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "BoolMatrix {}x{}", self.n, self.n)?;
        for i in 0..self.n {
            let s: String = (0..self.n)
                .map(|j| if self.get(i, j) { '1' } else { '0' })
                .collect();
            writeln!(f, "{s}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed non-symmetric 4x4 matrix.
    fn sample() -> BoolMatrix {
        let rows = ["1100", "0010", "1001", "0000"];
        BoolMatrix::from_fn(4, |i, j| rows[i].as_bytes()[j] == b'1')
    }

    #[test]
    fn row_is_transpose_times_unit_and_column_is_matrix_times_unit() {
        let m = sample();
        for i in 0..4 {
            let e = BoolVector::unit(4, i);
            assert_eq!(m.row(i), m.transpose().mul_vec(&e));
            assert_eq!(m.column(i), m.mul_vec(&e));
        }
        assert!(!m.is_symmetric());
    }

    #[test]
    fn products_agree_with_their_definitions() {
        let m = sample();
        let v = BoolVector::from_fn(4, |i| i == 1 || i == 2);
        // M v = rows 0 and 1 and 2 touch columns 1 or 2.
        assert_eq!(m.mul_vec(&v).ones_indices().collect::<Vec<_>>(), vec![0, 1]);
        // ᵗv M = union of rows 1 and 2.
        assert_eq!(
            m.vec_mul(&v).ones_indices().collect::<Vec<_>>(),
            vec![0, 2, 3]
        );
        assert_eq!(m.vec_mul(&v), m.transpose().mul_vec(&v));
        let mm = m.mul(&m);
        for i in 0..4 {
            for j in 0..4 {
                let want = (0..4).any(|k| m.get(i, k) && m.get(k, j));
                assert_eq!(mm.get(i, j), want, "({i},{j})");
            }
        }
        let o = BoolMatrix::outer(&v, &BoolVector::unit(4, 3));
        assert_eq!(
            o,
            BoolMatrix::from_fn(4, |i, j| (i == 1 || i == 2) && j == 3)
        );
    }

    #[test]
    fn closure_reaches_along_paths() {
        // 0 -> 1 -> 2 -> 3 as a chain, 3 -> nothing.
        let chain = BoolMatrix::from_fn(4, |i, j| j == i + 1);
        let c = chain.reflexive_transitive_closure();
        assert_eq!(c, BoolMatrix::from_fn(4, |i, j| j >= i));
    }
}
