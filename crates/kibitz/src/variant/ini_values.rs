//! The values of `variants.ini` keys as Fairy-Stockfish writes them: booleans,
//! numbers, game values and regions of whole ranks. The section reader
//! ([`super::ini`]) and the rule modules that read their own keys share them.

use super::error::quote;
use super::rules::GameValue;

pub(crate) fn boolean(value: &str) -> Result<bool, String> {
    match value {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(format!("`{}` is not true or false", quote(value))),
    }
}

pub(crate) fn number(value: &str) -> Result<u32, String> {
    value
        .parse()
        .map_err(|_| format!("`{}` is not a number", quote(value)))
}

/// A region given as whole ranks (`*8`, `*1 *2 *3`, `-` for none); a bit per rank.
pub(crate) fn ranks_region(value: &str) -> Result<u16, String> {
    let mut mask = 0u16;
    for token in value.split_whitespace().filter(|&t| t != "-") {
        let rank = token
            .strip_prefix('*')
            .and_then(|r| r.parse::<u8>().ok())
            .filter(|r| (1..=16).contains(r))
            .ok_or_else(|| {
                format!(
                    "region `{}`: only whole ranks such as `*8` are supported",
                    quote(value)
                )
            })?;
        mask |= 1 << (rank - 1);
    }
    Ok(mask)
}

pub(crate) fn game_value(value: &str) -> Result<GameValue, String> {
    match value {
        "win" => Ok(GameValue::Win),
        "loss" => Ok(GameValue::Loss),
        "draw" => Ok(GameValue::Draw),
        _ => Err(format!("`{}` is not win, loss or draw", quote(value))),
    }
}
