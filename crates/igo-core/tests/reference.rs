//! The fast engine ([`Position`], [`Board`]) against the literal BW model of paper 003
//! ([`igo_core::reference`]) on random games: after every move both agree on stones (eq. 1),
//! empty points (eq. 2), captured stones (eq. 7), the ko point (eq. 12), legal points (eq. 10-1 and
//! 10-2), atari stones (eq. 5), block stones and liberties (rows of F), the counting function
//! (eq. 11), each colour's liberties (eq. 13) and playout points (eq. 10-3 with eq. 14); F kept by
//! eq. 9 equals F from scratch by eq. 4; and the board's incremental blocks, liberties and hash
//! equal a recomputation (`Board::check_consistency`).

use igo_core::reference::{equations, BoolVector, BwModel};
use igo_core::{seeded_rng, BoardSize, Color, EyeRule, Move, Point, PointSet, Position};
use proptest::prelude::*;
use rand_core::RngCore;

/// Boards small enough to check `captures_if` against eq. 7 on every legal point each move.
const FULL_CAPTURE_CHECK_POINTS: usize = 100;

fn set(model: &BwModel, v: &BoolVector) -> PointSet {
    model.points(v).collect()
}

/// What the checked games contained, to show the tests reach kos, captures and merges.
#[derive(Default, Debug)]
struct Coverage {
    moves: usize,
    passes: usize,
    captures: usize,
    multi_stone_captures: usize,
    kos: usize,
    merges: usize,
    suicide_points: usize,
    restricted_eyes: usize,
    atari_eye_fills: usize,
}

/// Checks every quantity of the model against the fast engine; `Err` names the first difference.
fn check_agreement(pos: &Position, model: &BwModel, cov: &mut Coverage) -> Result<(), String> {
    let board = pos.board();
    let size = pos.size();
    let name = |p: Point| size.format_point(p);
    let names = |s: PointSet| s.iter().map(name).collect::<Vec<_>>().join(" ");
    macro_rules! same {
        ($what:expr, $fast:expr, $reference:expr) => {
            let (fast, reference) = ($fast, $reference);
            if fast != reference {
                return Err(format!(
                    "{}: fast engine [{}] but BW model [{}]",
                    $what,
                    names(fast),
                    names(reference)
                ));
            }
        };
    }

    board.check_consistency()?;
    if pos.to_play() != model.to_play() {
        return Err("player to move differs".into());
    }
    same!(
        "black stones (w̄, eq. 1-2)",
        board.stones(Color::Black),
        set(model, &model.black_stones())
    );
    same!(
        "white stones (b̄, eq. 1-1)",
        board.stones(Color::White),
        set(model, &model.white_stones())
    );
    let l = model.l();
    same!(
        "empty points (l, eq. 2)",
        board.empty_points(),
        set(model, &l)
    );

    let f_scratch = model.f_from_scratch();
    if model.f() != &f_scratch {
        return Err(format!(
            "F by eq. 9 differs from F by eq. 4:\n{:?}\n{:?}",
            model.f(),
            f_scratch
        ));
    }

    same!(
        "ko point (k, eq. 12)",
        pos.ko_point().into_iter().collect::<PointSet>(),
        set(model, model.k())
    );
    if pos.ko_point().is_some() {
        cov.kos += 1;
    }

    let h = model.h();
    same!(
        "atari stones (h - l, eq. 5)",
        board.atari_stones(),
        set(model, &h.minus(&l))
    );

    for i in 0..model.len() {
        let p = model.point(i);
        if l.get(i) {
            continue;
        }
        let row = model.f().row(i);
        let own = match board.color_at(p) {
            Some(Color::Black) => model.black_stones(),
            Some(Color::White) => model.white_stones(),
            None => return Err(format!("{} is a stone in the model only", name(p))),
        };
        let block = board.block_at(p).expect("a stone has a block");
        same!(
            format!("stones of the block at {} (row of F ∧ own stones)", name(p)),
            block.stones(),
            set(model, &row.and(&own))
        );
        same!(
            format!("liberties of the block at {} (row of F ∧ l)", name(p)),
            board.liberties_at(p),
            set(model, &model.liberties_of(i))
        );
        for k in 1..=4 {
            if model.counting(k).get(i) != (board.liberty_count_at(p) < k) {
                return Err(format!("p({k}) (eq. 11) differs at {}", name(p)));
            }
        }
    }

    for c in Color::ALL {
        let union = board
            .blocks()
            .filter(|b| b.color() == c)
            .fold(PointSet::EMPTY, |acc, b| acc | b.liberties());
        same!(
            format!("{c} liberties (eq. 13)"),
            union,
            set(model, &model.liberties(c))
        );
    }

    let to_play = pos.to_play();
    let without_ko = set(model, &model.legal_ignoring_ko());
    let placements: PointSet = board
        .empty_points()
        .iter()
        .filter(|&p| board.is_legal_placement(to_play, p))
        .collect();
    same!("legal points without ko (eq. 10-1)", placements, without_ko);
    cov.suicide_points += (board.empty_points() - placements).count();

    let legal = set(model, &model.legal());
    same!("legal points (eq. 10-2)", pos.legal_points(), legal);
    for p in size.points() {
        if pos.is_legal(Move::Play(p)) != legal.contains(p) {
            return Err(format!(
                "Position::is_legal({}) disagrees with eq. 10-2",
                name(p)
            ));
        }
    }

    let playout = set(model, &model.playout_points());
    same!(
        "playout points (eq. 10-3)",
        pos.playout_points(EyeRule::NoAtari),
        playout
    );
    let restricted = set(model, &model.restricted(to_play));
    cov.restricted_eyes += (legal & restricted).count();
    for p in (legal - restricted).iter() {
        let ring: Vec<Point> = size.neighbours(p).collect();
        if !ring.is_empty() && ring.iter().all(|&q| board.color_at(q) == Some(to_play)) {
            cov.atari_eye_fills += 1;
        }
    }

    if size.point_count() <= FULL_CAPTURE_CHECK_POINTS {
        let (b, w) = (model.b(), model.w());
        for p in legal.iter() {
            let i = model.index(p).expect("on board");
            let d = equations::captured(model.f(), &h, b, w, to_play, i);
            same!(
                format!("stones captured by {} (d_t(i), eq. 7)", name(p)),
                board.captures_if(to_play, p),
                set(model, &d)
            );
        }
    }
    Ok(())
}

/// Picks a move from a choice number: a pass one time in twenty, a uniform legal point four times
/// in twenty (self-ataris, own-eye fills), otherwise a uniform playout point (so games reach
/// eyes, sekis and kos); falls back to a legal point, then to a pass.
fn pick(pos: &Position, choice: u32) -> Move {
    let kind = choice % 20;
    let r = (choice / 20) as usize;
    if kind == 0 {
        return Move::Pass;
    }
    let legal: Vec<Point> = pos.legal_points().iter().collect();
    let playout: Vec<Point> = pos.playout_points(EyeRule::NoAtari).iter().collect();
    let from = if kind <= 4 || playout.is_empty() {
        &legal
    } else {
        &playout
    };
    if from.is_empty() {
        Move::Pass
    } else {
        Move::Play(from[r % from.len()])
    }
}

/// Plays the game the choices describe on both engines, checking agreement before the first
/// move and after every move.
fn run_game(size: BoardSize, choices: &[u32], cov: &mut Coverage) -> Result<(), String> {
    let mut pos = Position::new(size);
    let mut model = BwModel::new(size);
    check_agreement(&pos, &model, cov).map_err(|e| format!("at the start: {e}"))?;
    let mut history = Vec::new();
    for &choice in choices {
        let mv = pick(&pos, choice);
        history.push(size.format_move(mv));
        let context =
            |pos: &Position, e: String| format!("after {}: {e}\n{pos:?}", history.join(" "));
        let (predicted, merging) = match mv {
            Move::Play(p) => {
                let i = model.index(p).expect("on board");
                let own = pos.board().stones(pos.to_play());
                let merging = size.neighbours(p).filter(|&q| own.contains(q)).count();
                (set(&model, &model.captured(i)), merging)
            }
            Move::Pass => (PointSet::EMPTY, 0),
        };
        let placement = pos.play_unchecked(mv);
        let step = model.play(mv).map_err(|e| context(&pos, e.to_string()))?;
        if placement.captured != set(&model, &step.captured) || placement.captured != predicted {
            return Err(context(
                &pos,
                format!(
                    "captured stones differ: Placement {:?}, d_t(i) {:?}",
                    placement.captured,
                    set(&model, &step.captured)
                ),
            ));
        }
        if !placement.suicide.is_empty() {
            return Err(context(&pos, "a legal move committed suicide".into()));
        }
        let ko: PointSet = placement.ko.into_iter().collect();
        if ko != set(&model, &step.ko) {
            return Err(context(
                &pos,
                "Placement.ko differs from k_{t+1} (eq. 12)".into(),
            ));
        }
        if let Move::Play(p) = mv {
            let string = pos.board().block_at(p).expect("the stone stays").stones();
            if string != set(&model, &step.string) {
                return Err(context(
                    &pos,
                    "block of the new stone differs from a_t(i) (eq. 6)".into(),
                ));
            }
        }
        cov.moves += 1;
        cov.passes += usize::from(mv == Move::Pass);
        cov.captures += usize::from(!placement.captured.is_empty());
        cov.multi_stone_captures += usize::from(placement.captured.count() >= 2);
        cov.merges += usize::from(merging >= 2);
        check_agreement(&pos, &model, cov).map_err(|e| context(&pos, e))?;
    }
    Ok(())
}

fn choices(max_len: usize) -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 0..=max_len)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// Every board from 1x1 to 9x9, square and rectangular.
    #[test]
    fn fast_engine_matches_bw_model_on_boards_up_to_9x9(
        width in 1u32..=9,
        height in 1u32..=9,
        moves in choices(200),
    ) {
        let size = BoardSize::new(width, height).unwrap();
        let mut cov = Coverage::default();
        if let Err(e) = run_game(size, &moves, &mut cov) {
            return Err(TestCaseError::fail(format!("{size}: {e}")));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Long thin boards up to 19 points on a side: edges everywhere.
    #[test]
    fn fast_engine_matches_bw_model_on_long_thin_boards(
        (width, height) in prop_oneof![
            (1u32..=3, 10u32..=19),
            (10u32..=19, 1u32..=3),
        ],
        moves in choices(150),
    ) {
        let size = BoardSize::new(width, height).unwrap();
        let mut cov = Coverage::default();
        if let Err(e) = run_game(size, &moves, &mut cov) {
            return Err(TestCaseError::fail(format!("{size}: {e}")));
        }
    }
}

proptest! {
    // Four games in all, two in each of two tests, so that the test harness's two threads
    // share them: one test of four was the longest pole of CI's test run (24 s with the other
    // core idle).
    #![proptest_config(ProptestConfig { cases: 2, ..ProptestConfig::default() })]

    /// The full board, fewer and shorter games (the model costs O(n²) a move and more for F by
    /// eq. 4).
    #[test]
    fn fast_engine_matches_bw_model_on_19x19(moves in choices(250)) {
        full_board_game(&moves)?;
    }

    /// Two more full-board games, beside the two above.
    #[test]
    fn fast_engine_matches_bw_model_on_19x19_again(moves in choices(250)) {
        full_board_game(&moves)?;
    }
}

/// One game on 19x19 checked move by move against the BW model.
fn full_board_game(moves: &[u32]) -> Result<(), TestCaseError> {
    let size = BoardSize::square(19).unwrap();
    let mut cov = Coverage::default();
    run_game(size, moves, &mut cov).map_err(|e| TestCaseError::fail(format!("{size}: {e}")))
}

/// Seeded games on a few sizes, checked the same way, that must contain what the properties are
/// about: captures of one and of several stones, kos, merges of blocks, suicide points, eyes kept
/// by eq. 14 and eyes opened by atari. Guards against the random games being too tame to test.
#[test]
fn seeded_games_reach_kos_captures_merges_and_eyes() {
    let mut cov = Coverage::default();
    for (k, (w, h)) in [
        (9, 9),
        (7, 7),
        (5, 5),
        (4, 4),
        (9, 4),
        (2, 7),
        (1, 5),
        (3, 3),
    ]
    .into_iter()
    .enumerate()
    {
        let size = BoardSize::new(w, h).unwrap();
        for game in 0..6 {
            let mut rng = seeded_rng(1000 + 10 * k as u64 + game);
            let moves: Vec<u32> = (0..3 * size.point_count())
                .map(|_| rng.next_u32())
                .collect();
            run_game(size, &moves, &mut cov).unwrap_or_else(|e| panic!("{size} game {game}: {e}"));
        }
    }
    assert!(cov.moves > 3000, "{cov:?}");
    assert!(cov.passes > 100, "{cov:?}");
    assert!(cov.captures > 300, "{cov:?}");
    assert!(cov.multi_stone_captures > 50, "{cov:?}");
    assert!(cov.kos > 20, "{cov:?}");
    assert!(cov.merges > 100, "{cov:?}");
    assert!(cov.suicide_points > 100, "{cov:?}");
    assert!(cov.restricted_eyes > 100, "{cov:?}");
    assert!(cov.atari_eye_fills > 5, "{cov:?}");
}
