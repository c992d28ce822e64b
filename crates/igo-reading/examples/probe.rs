//! Reads one string of a diagram given on stdin: `probe attack|defend VERTEX [NODES]`, with
//! `IGO_SUPPORT=1` for [`ReaderConfig::support_moves`], `IGO_EDGE=1` for
//! [`ReaderConfig::edge_moves`], `IGO_NET=1` for [`ReaderConfig::net_moves`] (with
//! `IGO_NET_HOLD=1` for [`ReaderConfig::net_hold`], `IGO_SUICIDE_LIBS=1` for
//! [`ReaderConfig::suicide_libs`]), `IGO_CHAIN_ATARIS=PLIES` for [`ReaderConfig::chain_ataris`],
//! `IGO_SHARED_LIBS=1` for [`ReaderConfig::shared_libs`], `IGO_EXTEND_THREE=PLIES` for
//! [`ReaderConfig::extend_three`], `IGO_CHAIN_ATARIS_THREE=PLIES` for
//! [`ReaderConfig::chain_ataris_three`], `IGO_CHAIN_THREE_TIGHT=1` for
//! [`ReaderConfig::chain_three_tight`], `IGO_SECONDARY_CHAINS=PLIES` for
//! [`ReaderConfig::secondary_chains`], `IGO_SUPERSTRING_CAPTURES=PLIES` for
//! [`ReaderConfig::superstring_captures`], `IGO_DEEP=A,B,C,D`
//! for [`ReaderConfig::deep_safety`].
use std::io::Read;

use igo_core::Position;
use igo_reading::{Reader, ReaderConfig};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut text = String::new();
    std::io::stdin().read_to_string(&mut text).expect("stdin");
    let pos = Position::from_diagram(&text).expect("diagram");
    let p = pos.size().parse_point(&args[2]).expect("vertex");
    let nodes = args.get(3).map_or(200_000, |n| n.parse().expect("number"));
    let mut r = Reader::new(ReaderConfig {
        node_limit: nodes,
        support_moves: std::env::var("IGO_SUPPORT").is_ok_and(|v| v == "1"),
        edge_moves: std::env::var("IGO_EDGE").is_ok_and(|v| v == "1"),
        net_moves: std::env::var("IGO_NET").is_ok_and(|v| v == "1"),
        net_hold: std::env::var("IGO_NET_HOLD").is_ok_and(|v| v == "1"),
        suicide_libs: std::env::var("IGO_SUICIDE_LIBS").is_ok_and(|v| v == "1"),
        shared_libs: std::env::var("IGO_SHARED_LIBS").is_ok_and(|v| v == "1"),
        extend_three: std::env::var("IGO_EXTEND_THREE").map_or(0, |v| v.parse().expect("plies")),
        chain_ataris_three: std::env::var("IGO_CHAIN_ATARIS_THREE")
            .map_or(0, |v| v.parse().expect("plies")),
        chain_three_tight: std::env::var("IGO_CHAIN_THREE_TIGHT").is_ok_and(|v| v == "1"),
        secondary_chains: std::env::var("IGO_SECONDARY_CHAINS")
            .map_or(0, |v| v.parse().expect("plies")),
        superstring_captures: std::env::var("IGO_SUPERSTRING_CAPTURES")
            .map_or(0, |v| v.parse().expect("plies")),
        chain_ataris: std::env::var("IGO_CHAIN_ATARIS").map_or(0, |v| v.parse().expect("plies")),
        deep_safety: match std::env::var("IGO_DEEP") {
            Ok(v) => {
                let n: Vec<usize> = v.split(',').map(|w| w.parse().expect("number")).collect();
                [(n[0], n[1]), (n[2], n[3])]
            }
            Err(_) => ReaderConfig::default().deep_safety,
        },
        ..ReaderConfig::default()
    });
    let t = std::time::Instant::now();
    let reading = if args[1] == "attack" {
        r.attack(&pos, p)
    } else {
        r.defend(&pos, p)
    }
    .expect("a stone");
    println!(
        "{} {:?} {:?}",
        reading.gtp_text(pos.size()),
        reading,
        t.elapsed()
    );
}
