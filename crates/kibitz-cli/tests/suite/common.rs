//! Helpers shared by the CLI's integration tests.

use assert_cmd::Command;

/// The `kibitz` binary under test.
pub fn kibitz() -> Command {
    Command::cargo_bin("kibitz").expect("the kibitz binary is built")
}

/// Exit status, stdout and stderr (both UTF-8, as kibitz always writes) of
/// `kibitz ARGS` reading `stdin`.
pub fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = kibitz().args(args).write_stdin(stdin).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Each line of `output` read as one JSON value (JSON Lines).
pub fn json_lines(output: impl AsRef<[u8]>) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(output.as_ref())
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect()
}
