//! One module per subcommand: argument structs (clap) and a `run` function calling the libraries.

pub mod analyze;
pub mod bench;
pub mod count_legal;
pub mod gtp;
pub mod gtp_match;
pub mod msp;
pub mod regress;
pub mod show;
pub mod smallboard;
pub mod tsumego;
