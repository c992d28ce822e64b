#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod benson;
pub mod doomed;
pub mod eyes;
pub mod geometry;
mod groups;
pub mod regions;
pub mod report;
mod scratch;
pub mod settled;
pub mod status;
mod stones;
pub mod svg;
mod tracked;
pub mod unconditional;

pub use benson::{unconditionally_alive, BensonResult, BensonSolver};
pub use groups::{DiagonalGroup, Groups, StaticGroup};
pub use regions::EulerCounts;
pub use report::Report;
pub use status::{group_status, GroupStatus, RegionEye};
pub use stones::Bits;
pub use tracked::TrackedPosition;
pub use unconditional::{unconditional_status, Unconditional, UnconditionalStatus};
