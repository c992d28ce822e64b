//! Time control over GTP: `genmove` stays within the clock the controller set with
//! `time_settings`, `kgs-time_settings` and `time_left`, and bad arguments are syntax errors.

use std::time::Instant;

use igo_gtp::engine::Engine;
use igo_gtp::player::PlayerConfig;

fn exec(e: &mut Engine, line: &str) -> Result<String, String> {
    let mut w = line.split_whitespace();
    let name = w.next().expect("a command");
    let args: Vec<String> = w.map(str::to_string).collect();
    e.execute(name, &args)
}

/// An engine that would think far longer than the clock allows if it ignored the clock.
fn slow_engine() -> Engine {
    let mut e = Engine::new(PlayerConfig {
        playouts: 100_000_000,
        ..PlayerConfig::default()
    });
    exec(&mut e, "boardsize 9").unwrap();
    exec(&mut e, "clear_board").unwrap();
    e
}

#[test]
fn genmove_answers_within_a_one_second_canadian_period() {
    let mut e = slow_engine();
    exec(&mut e, "time_settings 0 1 1").unwrap();
    for colour in ["b", "w", "b"] {
        let t = Instant::now();
        let mv = exec(&mut e, &format!("genmove {colour}")).unwrap();
        let s = t.elapsed().as_secs_f64();
        assert!(
            s < 1.0,
            "genmove {colour} took {s:.2} s for a 1 s period ({mv})"
        );
    }
}

#[test]
fn genmove_answers_within_kgs_byoyomi_and_time_left() {
    let mut e = slow_engine();
    exec(&mut e, "kgs-time_settings byoyomi 0 1 3").unwrap();
    exec(&mut e, "time_left b 1 3").unwrap();
    let t = Instant::now();
    exec(&mut e, "genmove b").unwrap();
    assert!(t.elapsed().as_secs_f64() < 1.0);
    // Main time left: 2 s for the rest of the game in absolute time.
    exec(&mut e, "kgs-time_settings absolute 600").unwrap();
    exec(&mut e, "time_left w 2 0").unwrap();
    let t = Instant::now();
    exec(&mut e, "genmove w").unwrap();
    assert!(t.elapsed().as_secs_f64() < 1.0);
}

#[test]
fn bad_time_arguments_are_syntax_errors() {
    let mut e = slow_engine();
    for bad in [
        "time_settings x",
        "time_settings 1 2",
        "time_settings -1 0 0",
        "time_left b 10",
        "time_left purple 10 0",
        "time_left b x 0",
        "kgs-time_settings fischer 1 2",
        "kgs-time_settings byoyomi 1",
    ] {
        assert_eq!(exec(&mut e, bad), Err("syntax error".to_string()), "{bad}");
    }
    assert!(exec(&mut e, "kgs-time_settings none").is_ok());
    assert!(exec(&mut e, "kgs-time_settings canadian 60 30 5").is_ok());
}
