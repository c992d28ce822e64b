//! Boolean (column) vectors of paper 003's BW model: one `bool` an intersection.
//!
//! Deliberately plain: a `Vec<bool>` and loops, so that the formulas of the reference model read
//! as the paper writes them and share no code with the fast engine's bitboards
//! ([`crate::PointSet`]). The operations are the paper's: `∧` ([`BoolVector::and`]), `∨`
//! ([`BoolVector::or`]), `⊕` ([`BoolVector::xor`]), the difference `a - b = a ∧ ¬b`
//! ([`BoolVector::minus`]), the complement `v̄` ([`BoolVector::complement`]), the "absolute
//! value" `|v|` ([`BoolVector::norm`]) and the subset relation `a ⊆ b ⇔ a - b = 0`
//! ([`BoolVector::is_subset_of`]).

use std::fmt;

/// A boolean column vector of length n (the number of intersections).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct BoolVector {
    bits: Vec<bool>,
}

impl BoolVector {
    /// The zero vector **0** of length `n`.
    pub fn zeros(n: usize) -> BoolVector {
        BoolVector {
            bits: vec![false; n],
        }
    }

    /// The all-ones vector **1** of length `n`.
    pub fn ones(n: usize) -> BoolVector {
        BoolVector {
            bits: vec![true; n],
        }
    }

    /// The unit vector **e**_i of length `n` (only element `i` is 1).
    ///
    /// # Panics
    /// If `i >= n`.
    pub fn unit(n: usize, i: usize) -> BoolVector {
        let mut v = BoolVector::zeros(n);
        v.set(i, true);
        v
    }

    /// The vector whose element `i` is `f(i)`.
    pub fn from_fn(n: usize, f: impl FnMut(usize) -> bool) -> BoolVector {
        BoolVector {
            bits: (0..n).map(f).collect(),
        }
    }

    /// The length n.
    pub fn len(&self) -> usize {
        self.bits.len()
    }

    /// Whether the vector has length 0 (never for a board).
    pub fn is_empty(&self) -> bool {
        self.bits.is_empty()
    }

    /// Element `i`, the paper's (**v**)_i.
    pub fn get(&self, i: usize) -> bool {
        self.bits[i]
    }

    /// Sets element `i`.
    pub fn set(&mut self, i: usize, value: bool) {
        self.bits[i] = value;
    }

    /// The elements as a slice.
    pub fn as_slice(&self) -> &[bool] {
        &self.bits
    }

    fn zip(&self, other: &BoolVector, op: impl Fn(bool, bool) -> bool) -> BoolVector {
        assert_eq!(self.len(), other.len(), "vectors of different lengths");
        BoolVector {
            bits: self
                .bits
                .iter()
                .zip(&other.bits)
                .map(|(&a, &b)| op(a, b))
                .collect(),
        }
    }

    /// `self ∧ other`, element by element.
    pub fn and(&self, other: &BoolVector) -> BoolVector {
        self.zip(other, |a, b| a && b)
    }

    /// `self ∨ other`, element by element.
    pub fn or(&self, other: &BoolVector) -> BoolVector {
        self.zip(other, |a, b| a || b)
    }

    /// `self ⊕ other` (exclusive or), element by element.
    pub fn xor(&self, other: &BoolVector) -> BoolVector {
        self.zip(other, |a, b| a != b)
    }

    /// The paper's difference `self - other`: `self ∧ ¬other` (elements of `self` not in `other`).
    pub fn minus(&self, other: &BoolVector) -> BoolVector {
        self.zip(other, |a, b| a && !b)
    }

    /// The complement `v̄ = 1 - v`.
    pub fn complement(&self) -> BoolVector {
        BoolVector {
            bits: self.bits.iter().map(|&a| !a).collect(),
        }
    }

    /// The paper's `|v|`: the number of elements that are 1.
    pub fn norm(&self) -> usize {
        self.bits.iter().filter(|&&a| a).count()
    }

    /// Whether every element is 0 (`v = 0`).
    pub fn is_zero(&self) -> bool {
        self.bits.iter().all(|&a| !a)
    }

    /// The paper's `self ⊆ other`, defined there as `self - other = 0`.
    pub fn is_subset_of(&self, other: &BoolVector) -> bool {
        self.minus(other).is_zero()
    }

    /// The indices of the elements that are 1, in increasing order.
    pub fn ones_indices(&self) -> impl Iterator<Item = usize> + '_ {
        self.bits
            .iter()
            .enumerate()
            .filter_map(|(i, &a)| a.then_some(i))
    }
}

impl fmt::Debug for BoolVector {
    /// The elements as a string of `0` and `1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self
            .bits
            .iter()
            .map(|&a| if a { '1' } else { '0' })
            .collect();
        write!(f, "BoolVector({s})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(s: &str) -> BoolVector {
        BoolVector::from_fn(s.len(), |i| s.as_bytes()[i] == b'1')
    }

    #[test]
    fn operations_follow_their_truth_tables() {
        let a = v("0011");
        let b = v("0101");
        assert_eq!(a.and(&b), v("0001"));
        assert_eq!(a.or(&b), v("0111"));
        assert_eq!(a.xor(&b), v("0110"));
        assert_eq!(a.minus(&b), v("0010"));
        assert_eq!(a.complement(), v("1100"));
        assert_eq!(a.norm(), 2);
        assert_eq!(BoolVector::unit(4, 2), v("0010"));
        assert_eq!(BoolVector::ones(3), v("111"));
        assert!(BoolVector::zeros(3).is_zero());
    }

    #[test]
    fn subset_is_difference_zero() {
        assert!(v("0010").is_subset_of(&v("0011")));
        assert!(!v("0110").is_subset_of(&v("0011")));
        assert!(BoolVector::zeros(4).is_subset_of(&v("0000")));
        assert_eq!(v("1011").ones_indices().collect::<Vec<_>>(), vec![0, 2, 3]);
    }
}
