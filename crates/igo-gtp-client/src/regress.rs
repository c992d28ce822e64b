//! GTP regression suites: the `.tst` files that GNU Go's `regress.sh` and GoGui's
//! `gogui-regress` run against an engine, read and run here so that igo (or any engine) can be
//! measured on such a suite without Java or GNU Go's scripts (gogui-regress does not run on this
//! machine).
//!
//! **The format** (as gogui-regress reads it):
//! - each line is trimmed; an empty line or a line starting with `#` (other than `#?`) is a
//!   comment;
//! - any other line is a GTP command, sent as written (tabs become spaces). When its first word
//!   is a number, that number is the command's id and the command is a *test*;
//! - a line `#? [PATTERN]` right after a test gives its expected answer: a regular expression
//!   that must match the whole answer (the text after `=` and the id; `.` matches newlines too).
//!   `[!PATTERN]` expects an answer the pattern does *not* match. A `*` after the closing
//!   bracket marks a test that is known to fail (an *expected* failure);
//! - a test passes when its answer matches; an error answer (`?`) fails it. A test without a
//!   `#?` line passes unless its answer is an error; an error answer to a command without an id
//!   counts as an *other error* of the file.
//!
//! Each test ends in one of four [`Outcome`]s: passed, failed as expected, failed unexpectedly,
//! passed unexpectedly (the summaries of regress.sh). The patterns are Rust's `regex` syntax,
//! which reads the alternations, classes and repetitions these suites use; a pattern it cannot
//! read (Java's look-arounds or back-references) is reported with its file and line.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use regex::Regex;
use thiserror::Error;

use crate::{ClientError, Engine};

/// A line of a suite that cannot be read.
#[derive(Debug, Error, PartialEq, Eq)]
#[error("line {line}: {message}")]
pub struct SuiteError {
    /// Line number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// What a test expects of its answer.
#[derive(Clone, Debug)]
pub struct Expectation {
    /// The pattern as written between the brackets (with a leading `!` if negated).
    pub text: String,
    /// The compiled pattern, anchored at both ends of the answer.
    pattern: Regex,
    /// The answer must *not* match.
    pub negated: bool,
    /// The test is known to fail (`*`).
    pub expected_fail: bool,
}

impl Expectation {
    /// Whether `answer` (the text of a `=` answer) meets the expectation.
    pub fn accepts(&self, answer: &str) -> bool {
        self.pattern.is_match(answer) != self.negated
    }
}

/// One GTP command of a suite.
#[derive(Clone, Debug)]
pub struct Command {
    /// Line number, from 1.
    pub line: usize,
    /// The test id: the leading number of the line, if any.
    pub id: Option<u64>,
    /// The line as sent to the engine.
    pub text: String,
    /// The expected answer (`#?` on the next line), if any.
    pub expect: Option<Expectation>,
}

impl Command {
    /// Whether this command is a test: it has an id, or an expected answer.
    pub fn is_test(&self) -> bool {
        self.id.is_some() || self.expect.is_some()
    }
}

/// A parsed suite: its commands in order.
#[derive(Clone, Debug, Default)]
pub struct Suite {
    /// The commands, tests and set-up alike.
    pub commands: Vec<Command>,
}

impl Suite {
    /// Reads a suite from the text of a `.tst` file.
    ///
    /// ```
    /// use igo_gtp_client::regress::Suite;
    /// let suite = Suite::parse("boardsize 9\n1 is_legal black E5\n#? [1]\n").unwrap();
    /// assert_eq!(suite.tests(), 1);
    /// assert!(suite.commands[1].expect.as_ref().unwrap().accepts("1"));
    /// ```
    pub fn parse(text: &str) -> Result<Suite, SuiteError> {
        let mut commands: Vec<Command> = Vec::new();
        // Whether the last non-blank line was a command still waiting for its `#?`.
        let mut open = false;
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let trimmed = raw.trim();
            if let Some(rest) = trimmed.strip_prefix("#?") {
                if !open {
                    return Err(SuiteError {
                        line,
                        message: "an expected answer (#?) with no command before it".into(),
                    });
                }
                let last = commands.last_mut().expect("open means a command");
                open = false;
                let rest = rest.trim();
                if rest.is_empty() {
                    continue; // gogui-regress treats an empty pattern as none
                }
                last.expect =
                    Some(parse_expectation(rest).map_err(|message| SuiteError { line, message })?);
                continue;
            }
            if trimmed.is_empty() || trimmed.starts_with('#') {
                // A comment or a blank line ends the wait for a `#?`, as in gogui-regress.
                open = false;
                continue;
            }
            let text = trimmed.replace('\t', " ");
            let id = text
                .split_once(' ')
                .and_then(|(first, _)| first.parse::<u64>().ok());
            commands.push(Command {
                line,
                id,
                text,
                expect: None,
            });
            open = true;
        }
        Ok(Suite { commands })
    }

    /// The number of tests (commands with an id or an expected answer).
    pub fn tests(&self) -> usize {
        self.commands.iter().filter(|c| c.is_test()).count()
    }
}

/// Reads `[PATTERN]`, `[!PATTERN]`, each optionally followed by `*`.
fn parse_expectation(s: &str) -> Result<Expectation, String> {
    let (s, expected_fail) = match s.strip_suffix('*') {
        Some(rest) => (rest.trim_end(), true),
        None => (s, false),
    };
    let inner = s
        .strip_prefix('[')
        .ok_or_else(|| format!("the expected answer {s:?} has no opening bracket"))?
        .strip_suffix(']')
        .ok_or_else(|| format!("the expected answer {s:?} has no closing bracket"))?
        .trim();
    let (negated, body) = match inner.strip_prefix('!') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    // The whole answer must match: \A and \z anchor at its ends whatever (?m) does to ^ and $.
    let pattern = Regex::new(&format!(r"(?ms)\A(?:{body})\z"))
        .map_err(|e| format!("the expected answer {inner:?} is not a regular expression: {e}"))?;
    Ok(Expectation {
        text: inner.to_string(),
        pattern,
        negated,
        expected_fail,
    })
}

/// How a test ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Passed, as expected.
    Passed,
    /// Failed, and was marked as known to fail.
    ExpectedFail,
    /// Failed, and was expected to pass.
    UnexpectedFail,
    /// Passed, though marked as known to fail.
    UnexpectedPass,
}

impl Outcome {
    fn of(failed: bool, expected_fail: bool) -> Outcome {
        match (failed, expected_fail) {
            (false, false) => Outcome::Passed,
            (true, true) => Outcome::ExpectedFail,
            (true, false) => Outcome::UnexpectedFail,
            (false, true) => Outcome::UnexpectedPass,
        }
    }

    /// Whether the test passed.
    pub fn passed(self) -> bool {
        matches!(self, Outcome::Passed | Outcome::UnexpectedPass)
    }
}

/// The result of one test.
#[derive(Clone, Debug)]
pub struct TestResult {
    /// The test id (`None` for a command with an expected answer and no id).
    pub id: Option<u64>,
    /// Its line in the suite.
    pub line: usize,
    /// The command as sent.
    pub command: String,
    /// The expected answer as written (empty when the test has none).
    pub expected: String,
    /// The engine's answer: the text of `=`, or of `?` when `error`.
    pub answer: String,
    /// The answer was an error (`?`), or the engine failed (see [`RunError`]).
    pub error: bool,
    /// How the test ended.
    pub outcome: Outcome,
    /// Wall-clock seconds the command took.
    pub seconds: f64,
}

/// The results of running a suite.
#[derive(Clone, Debug, Default)]
pub struct SuiteResults {
    /// Every test run, in order.
    pub tests: Vec<TestResult>,
    /// Error answers to commands without an id (set-up that failed).
    pub other_errors: usize,
    /// Tests not run: Ctrl-C or an engine failure stopped the suite first.
    pub not_run: usize,
    /// Why the suite stopped early, if it did: the engine's failure.
    pub engine_failure: Option<String>,
    /// Whether the stop flag ended the run.
    pub interrupted: bool,
}

impl SuiteResults {
    /// How many tests ended with `outcome`.
    pub fn count(&self, outcome: Outcome) -> usize {
        self.tests.iter().filter(|t| t.outcome == outcome).count()
    }
}

/// A failure of the engine that ends a suite (not a wrong answer).
#[derive(Debug, Error)]
#[error("line {line}: {source}")]
pub struct RunError {
    /// The suite line whose command failed.
    pub line: usize,
    /// The engine's failure.
    #[source]
    pub source: ClientError,
}

/// Runs `suite` on `engine`, command by command, calling `on_test` after each test. The run
/// stops before the next command when `stop` is set (the results say so). An engine that exits
/// or does not answer within its timeout fails the test it was given; the tests after it are not
/// run (the engine can no longer be trusted to be in step) and are counted in
/// [`SuiteResults::not_run`].
pub fn run(
    engine: &mut Engine,
    suite: &Suite,
    stop: &AtomicBool,
    on_test: &mut dyn FnMut(&TestResult),
) -> SuiteResults {
    // The tests from command `k` on, which a stop before command `k` leaves unrun.
    let tests_from = |k: usize| suite.commands[k..].iter().filter(|c| c.is_test()).count();
    let mut results = SuiteResults::default();
    for (k, command) in suite.commands.iter().enumerate() {
        if stop.load(Ordering::Relaxed) {
            results.interrupted = true;
            results.not_run = tests_from(k);
            break;
        }
        let started = Instant::now();
        let answer = engine.send(&command.text);
        let seconds = started.elapsed().as_secs_f64();
        if answer.is_err() && stop.load(Ordering::Relaxed) {
            // Ctrl-C at a terminal reaches the engine too (one process group): its death is the
            // interruption, not a failure of the test.
            results.interrupted = true;
            results.not_run = tests_from(k);
            break;
        }
        let (text, error, failure) = match answer {
            Ok(Ok(text)) => (text, false, None),
            Ok(Err(text)) => (text, true, None),
            Err(e) => {
                let e = RunError {
                    line: command.line,
                    source: e,
                };
                (e.to_string(), true, Some(e.to_string()))
            }
        };
        if command.is_test() {
            let (failed, expected_fail, expected) = match &command.expect {
                Some(x) => (error || !x.accepts(&text), x.expected_fail, x.text.clone()),
                None => (error, false, String::new()),
            };
            let result = TestResult {
                id: command.id,
                line: command.line,
                command: command.text.clone(),
                expected,
                answer: text,
                error,
                outcome: Outcome::of(failed, expected_fail),
                seconds,
            };
            on_test(&result);
            results.tests.push(result);
        } else if error {
            results.other_errors += 1;
        }
        if let Some(failure) = failure {
            results.engine_failure = Some(failure);
            results.not_run = tests_from(k + 1);
            break;
        }
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    #[test]
    fn commands_tests_and_expectations_are_read_as_gogui_regress_reads_them() {
        let text = "# a comment\n\
                    loadsgf games/x.sgf 12\n\
                    1 attack C3\n\
                    #? [1 (B3|D3)]\n\
                    \n\
                    2\towl_defend\tE5\n\
                    #? [!0]*\n\
                    3 dragon_status E5\n\
                    4 final_score\n\
                    #?\n";
        let suite = Suite::parse(text).unwrap();
        assert_eq!(suite.commands.len(), 5);
        assert_eq!(suite.tests(), 4);
        let c = &suite.commands;
        assert_eq!((c[0].id, c[0].line), (None, 2));
        assert_eq!((c[1].id, c[1].text.as_str()), (Some(1), "1 attack C3"));
        let x = c[1].expect.as_ref().unwrap();
        assert!(x.accepts("1 B3") && x.accepts("1 D3"));
        // The whole answer must match, not a part of it.
        assert!(!x.accepts("1 B3 extra") && !x.accepts("21 B3") && !x.accepts("0"));
        assert!(!x.expected_fail && !x.negated);
        assert_eq!(c[2].text, "2 owl_defend E5");
        let y = c[2].expect.as_ref().unwrap();
        assert!(y.negated && y.expected_fail);
        assert!(y.accepts("1 E4") && !y.accepts("0"));
        assert!(c[3].expect.is_none() && c[4].expect.is_none());
    }

    #[test]
    fn a_pattern_matches_a_multi_line_answer_as_a_whole() {
        let suite = Suite::parse("1 list_stones black\n#? [A1.*B2]\n").unwrap();
        let x = suite.commands[0].expect.as_ref().unwrap();
        assert!(x.accepts("A1\nB2"));
        assert!(!x.accepts("A1\nB2\nC3"));
    }

    #[test]
    fn bad_lines_are_named_with_their_line_number() {
        let e = Suite::parse("boardsize 9\n\n#? [1]\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.message.contains("no command before it"), "{e}");
        let e = Suite::parse("1 name\n#? 1]\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.message.contains("opening bracket"), "{e}");
        let e = Suite::parse("1 name\n#? [1\n").unwrap_err();
        assert!(e.message.contains("closing bracket"), "{e}");
        let e = Suite::parse("1 name\n#? [(1]\n").unwrap_err();
        assert!(e.message.contains("not a regular expression"), "{e}");
    }

    /// A scripted engine: answers `= 1` to `a`, `= 0` to `b`, `? no` to `c` and anything else
    /// with `= ok`, and dies on `die` (at once) and `slowdie` (after a second).
    fn engine() -> Engine {
        let script = r#"while read -r line; do
            set -- $line
            case "$1" in [0-9]*) id=$1; shift;; *) id=;; esac
            case "$1" in
              a) printf '=%s 1\n\n' "$id";;
              b) printf '=%s 0\n\n' "$id";;
              c) printf '?%s no\n\n' "$id";;
              die) exit 0;;
              slowdie) sleep 1; exit 0;;
              quit) printf '=%s\n\n' "$id"; exit 0;;
              *) printf '=%s ok\n\n' "$id";;
            esac
          done"#;
        Engine::spawn(Path::new("/bin/sh"), &["-c", script]).unwrap()
    }

    #[test]
    fn every_outcome_is_counted_and_an_error_answer_fails() {
        let text = "setup\n\
                    c\n\
                    1 a\n#? [1]\n\
                    2 b\n#? [1]\n\
                    3 b\n#? [1]*\n\
                    4 a\n#? [1]*\n\
                    5 c\n#? [!1]\n\
                    6 a\n";
        let suite = Suite::parse(text).unwrap();
        let mut seen = Vec::new();
        let r = run(&mut engine(), &suite, &AtomicBool::new(false), &mut |t| {
            seen.push(t.id.unwrap())
        });
        assert_eq!(seen, vec![1, 2, 3, 4, 5, 6]);
        let outcomes: Vec<Outcome> = r.tests.iter().map(|t| t.outcome).collect();
        use Outcome::*;
        assert_eq!(
            outcomes,
            vec![
                Passed,
                UnexpectedFail,
                ExpectedFail,
                UnexpectedPass,
                UnexpectedFail,
                Passed
            ]
        );
        assert_eq!(r.other_errors, 1);
        assert!(r.tests[4].error && r.tests[4].answer == "no");
        assert_eq!((r.not_run, r.interrupted), (0, false));
        assert!(r.engine_failure.is_none());
    }

    #[test]
    fn an_engine_that_dies_fails_its_test_and_the_rest_are_not_run() {
        let suite = Suite::parse("1 a\n#? [1]\n2 die\n3 a\n4 a\n").unwrap();
        let r = run(&mut engine(), &suite, &AtomicBool::new(false), &mut |_| {});
        assert_eq!(r.tests.len(), 2);
        assert_eq!(r.tests[1].outcome, Outcome::UnexpectedFail);
        assert!(r.tests[1].error);
        assert_eq!(r.not_run, 2);
        let failure = r.engine_failure.unwrap();
        assert!(failure.starts_with("line 3:"), "{failure}");
    }

    #[test]
    fn an_engine_that_dies_after_the_stop_flag_is_set_is_an_interruption_not_a_failure() {
        // As when Ctrl-C at a terminal reaches the engine too: the flag is set while the engine
        // works on test 2, then the engine dies.
        let suite = Suite::parse("1 a\n2 slowdie\n3 a\n").unwrap();
        let stop = AtomicBool::new(false);
        let (suite, stop) = (&suite, &stop);
        let r = std::thread::scope(|s| {
            let mut e = engine();
            let run = s.spawn(move || run(&mut e, suite, stop, &mut |_| {}));
            std::thread::sleep(std::time::Duration::from_millis(200));
            stop.store(true, Ordering::Relaxed);
            run.join().unwrap()
        });
        assert!(r.interrupted);
        assert_eq!(r.tests.len(), 1);
        assert_eq!(r.tests[0].outcome, Outcome::Passed);
        assert_eq!(r.not_run, 2);
        assert!(r.engine_failure.is_none());
    }

    #[test]
    fn a_set_stop_flag_runs_nothing_and_says_so() {
        let suite = Suite::parse("1 a\n2 a\n").unwrap();
        let r = run(&mut engine(), &suite, &AtomicBool::new(true), &mut |_| {});
        assert!(r.interrupted && r.tests.is_empty());
        assert_eq!(r.not_run, 2);
    }
}
