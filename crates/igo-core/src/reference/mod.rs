//! The literal BW model of paper 003 (to be written).
