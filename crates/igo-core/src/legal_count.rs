//! Counting legal positions (to be written).
