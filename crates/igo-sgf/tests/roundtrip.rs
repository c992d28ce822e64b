//! Round trips: random game trees (any shape, any property identifiers, values full of escapes,
//! soft line breaks and colons) written and read back are the same tree; random legal Go games
//! (square and rectangular, with setup stones, passes, captures, two moves of one colour in a row
//! and variations) written by the Go layer read back with the same setup, main line, variations and
//! final position as igo-core played them.

use igo_core::BoardSize;
use igo_sgf::{GameTree, GoGame, Node, PropValue};
use proptest::prelude::*;

mod common;
use common::random_game;

/// Pieces of raw value text; any concatenation is a valid raw value.
const RAW_PIECES: &[&str] = &[
    "a", "Z", "dd", " ", "\n", "\r\n", "\\]", "\\\\", "\\\n", "\\\r\n", ":", "\\:", "é", "碁", "[",
    "(;)", "\t", "",
];

fn raw_value() -> impl Strategy<Value = PropValue> {
    prop_oneof![
        prop::collection::vec(prop::sample::select(RAW_PIECES), 0..6)
            .prop_map(|p| PropValue::from_raw(&p.concat()).expect("pieces make raw values")),
        any::<String>().prop_map(|s| PropValue::from_text(&s)),
        (any::<String>(), any::<String>()).prop_map(|(a, b)| PropValue::compose(&a, &b)),
    ]
}

fn node() -> impl Strategy<Value = Node> {
    prop::collection::vec(
        ("[A-Z]{1,3}", prop::collection::vec(raw_value(), 1..4)),
        0..5,
    )
    .prop_map(|props| {
        let mut n = Node::new();
        for (id, values) in props {
            n.set_values(&id, values);
        }
        n
    })
}

/// A tree of up to 30 nodes: node k > 0 hangs below a random earlier node.
fn tree() -> impl Strategy<Value = GameTree> {
    prop::collection::vec((node(), any::<prop::sample::Index>()), 1..30).prop_map(|nodes| {
        let mut it = nodes.into_iter();
        let (root, _) = it.next().unwrap();
        let mut t = GameTree::new(root);
        let mut ids = vec![t.root_id()];
        for (n, parent) in it {
            let p = ids[parent.index(ids.len())];
            ids.push(t.add_child(p, n));
        }
        t
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_trees_round_trip(trees in prop::collection::vec(tree(), 1..3)) {
        let text = igo_sgf::write(&trees);
        let back = igo_sgf::parse(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &trees);
        prop_assert_eq!(igo_sgf::write(&back), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_go_games_round_trip(
        w in 1u32..=19, h in 1u32..=19, seed in any::<u64>(), length in 0usize..120,
    ) {
        let size = BoardSize::new(w, h).unwrap();
        let g = random_game(size, seed, length);
        let mut game = GoGame::from_position(&g.start);
        let root = game.root().id();
        let end = game.add_line(root, &g.moves);
        game.node_mut(end).set("C", "End of the line: a ] and a \\ and\nmore.");
        // A variation below the first move, and a second variation at the root.
        let var_moves: Vec<_> = g.moves.iter().rev().take(3).copied().collect();
        let var = game.add_line(root, &var_moves);
        game.node_mut(var).set("BM", "1");

        let text = game.to_sgf();
        let back = GoGame::from_sgf(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(back.size(), size);
        prop_assert_eq!(&back.setup(), &g.start);
        prop_assert_eq!(back.main_line(), g.moves.clone());
        let replayed = back.position_after(None).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(replayed.board(), g.end.board());
        prop_assert_eq!(replayed.to_play(), g.end.to_play());
        prop_assert_eq!(replayed.ko_point(), g.end.ko_point());
        let game_end = back.game_after(None).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(game_end.position().board(), g.end.board());
        prop_assert_eq!(back.root().child_count(), if var_moves.is_empty() { 0 } else { 2 });
        prop_assert_eq!(&back, &game);
        // Square boards are written SZ[n], never SZ[n:n].
        let sz = back.root().get("SZ").unwrap().as_raw().to_string();
        prop_assert_eq!(sz.contains(':'), w != h);
    }
}
