//! Tsumego patterns (paper 004, section 4.3): 3x3 and 5x5 shapes around the moves of correct
//! solution lines, learned from solved problems and used as move weights in playouts and as
//! priors in the tree.
//!
//! The paper counts how often each shape is played. We also count how often each shape was
//! available (any legal point of the region in a position of a correct line), so a shape's weight
//! is the fraction of times it was played when it could have been: `(played + 0.1) / (seen + 1)`,
//! the simplest form of Coulom's move-pattern strengths. The 3x3 weights sit in a table of 2^18
//! entries indexed by code (section 4.3.1); the 5x5 weights in a hash table (section 4.3.2).
//! Counts are kept per symmetry class and spread to all 8 images when loaded.
//!
//! Coulom's full model is there too: every legal move of a learning position is a team of
//! features (shapes and tactical flags, [`gamma`]) whose gammas [`mm`] fits by
//! minorization-maximization, learned also from the refutations of the books' wrong lines. The
//! search uses them instead of the weights when the knob `gammas` is above 0.
//!
//! [`code`] makes the codes, [`table`] holds the weights, [`learn`] counts shapes in solved
//! problems, [`evaluate`] ranks the books' first moves by both, and `file` reads and writes the
//! pattern file.

pub mod balance;
pub mod code;
pub mod evaluate;
mod file;
pub mod gamma;
pub mod learn;
pub mod mm;
pub mod record;
pub mod table;

pub use code::{canonical, code3, code5, swap_colours, symmetries, CodeHasher, Window7};
pub use file::{PatternFileError, FORMAT_VERSION, MAGIC};
pub use gamma::{GammaSet, Gammas};
pub use learn::PatternLearner;
pub use table::{Patterns, ShapeCount};
