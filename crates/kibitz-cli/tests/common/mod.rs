//! Helpers shared by the CLI's integration tests.

use assert_cmd::Command;

/// The `kibitz` binary under test.
pub fn kibitz() -> Command {
    Command::cargo_bin("kibitz").expect("the kibitz binary is built")
}

/// Each line of `output` read as one JSON value (JSON Lines).
pub fn json_lines(output: &[u8]) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output)
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}
