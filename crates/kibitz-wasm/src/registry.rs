//! The variants a page knows: the built-ins and the sections of every
//! `variants.ini` text loaded with `loadVariantConfig`, as ffish.js keeps them
//! for the life of the module. Reading the text, finding a name and building its
//! rules are the library's ([`VariantsIni`], [`GameRules::new`]); this module
//! only holds what was loaded and a few variants built from it.
//!
//! A loaded text is read, not built: a section is built when a board or a
//! question names it, with its parents only, as `kibitz serve` and the CLI's
//! `--variants` do. So a hostile text costs its reading (at most
//! [`MAX_INI_BYTES`](kibitz::variant::ini::MAX_INI_BYTES) bytes and the library's limit of sections) and one variant
//! per call, never a table per section: 1024 chained 16 × 16 sections built
//! at once took 16 s and 690 MB here.

use std::cell::RefCell;

use kibitz::CastlingMode;
use kibitz::board::GameRules;
use kibitz::variant::Variant;
use kibitz::variant::ini::VariantsIni;

/// How many built variants are kept for the next call (a built-in's tables or
/// a section's take milliseconds to build, and a page asks for one variant
/// over and over).
const BUILT_KEPT: usize = 8;

/// The text loaded so far (all of it, so that a later section may name an
/// earlier one as its parent), its sections read, and the variants last built.
#[derive(Default)]
struct Loaded {
    text: String,
    ini: VariantsIni,
    built: Vec<Variant>,
}

thread_local! {
    // WebAssembly in a page is one thread; natively each test thread has its own.
    static LOADED: RefCell<Loaded> = RefCell::new(Loaded::default());
}

/// Adds the sections of a variants.ini text to those loaded. The text is read
/// with what was loaded before it; a text that does not read (its size, its
/// sections, a line that is neither a section nor `key = value`) is an error
/// naming the line, and then nothing of it is kept. A section's keys are
/// checked when a board names it. Lines are counted in all the text loaded
/// so far, this text after the earlier ones.
pub fn load_variant_config(config: &str) -> Result<(), String> {
    LOADED.with_borrow_mut(|loaded| {
        let mut text = loaded.text.clone();
        if !text.is_empty() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.push_str(config);
        let ini = VariantsIni::read(&text).map_err(|e| e.to_string())?;
        *loaded = Loaded {
            text,
            ini,
            built: Vec::new(),
        };
        Ok(())
    })
}

/// The variant called `name`: the latest loaded section of that name (built
/// with its parents), else a built-in; the error names the section's line, or
/// lists every name known.
pub fn variant(name: &str) -> Result<Variant, String> {
    LOADED.with_borrow_mut(|loaded| {
        if let Some(v) = loaded.built.iter().find(|v| v.name() == name) {
            return Ok(v.clone());
        }
        let v = loaded.ini.find(name).map_err(|e| e.to_string())?;
        if loaded.built.len() == BUILT_KEPT {
            loaded.built.remove(0);
        }
        loaded.built.push(v.clone());
        Ok(v)
    })
}

/// The rules a board named `name` plays by. `chess` (unless a loaded section
/// redefines it) is orthodox chess on the library's fast orthodox engine, as
/// `kibitz moves` without `--variant` plays it; every other name is a variant.
/// With `chess960`, Chess960 castling; a variant that cannot castle so is an
/// error naming why.
pub fn rules(name: &str, chess960: bool) -> Result<GameRules, String> {
    let mode = CastlingMode::from_chess960(chess960);
    let redefined = LOADED.with_borrow(|l| l.ini.names().any(|n| n == name));
    let variant = if name == "chess" && !redefined {
        None
    } else {
        Some(variant(name)?)
    };
    GameRules::new(variant, mode).map_err(|e| e.to_string())
}

/// Every variant name known: the built-ins and those loaded, sorted.
pub fn variant_names() -> Vec<String> {
    let mut names: Vec<String> = Variant::builtin_names()
        .iter()
        .map(|s| s.to_string())
        .collect();
    LOADED.with_borrow(|l| names.extend(l.ini.names().map(str::to_string)));
    names.sort();
    names.dedup();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loaded_section_is_found_and_a_bad_one_keeps_nothing() {
        load_variant_config(
            "[tallchess:chess]\nmaxRank = 9\nstartFen = 4k3/8/8/8/8/8/8/8/4K3 w - - 0 1\n",
        )
        .unwrap();
        assert_eq!(variant("tallchess").unwrap().ranks(), 9);
        assert!(variant_names().contains(&"tallchess".to_string()));
        // A key the library does not play: an error naming it when the section is asked for.
        load_variant_config("[broken:chess]\nnoSuchKey = 1\n").unwrap();
        // Its line is counted in all the text loaded (the section follows tallchess's 3 lines).
        let err = variant("broken").unwrap_err();
        assert!(err.contains("line 5") && err.contains("noSuchKey"), "{err}");
        // A text that does not read keeps nothing.
        let err = load_variant_config("[more:chess]\nnot a key line\n").unwrap_err();
        assert!(err.contains("line"), "{err}");
        assert!(!variant_names().contains(&"more".to_string()));
        assert!(variant("tallchess").is_ok());
    }

    #[test]
    fn chess_is_orthodox_and_unknown_names_list_the_known() {
        assert!(matches!(rules("chess", false), Ok(GameRules::Chess(_))));
        assert!(matches!(
            rules("capablanca", true),
            Ok(GameRules::Variant(_))
        ));
        let err = rules("chesss", false).unwrap_err();
        assert!(err.contains("capablanca"), "{err}");
    }
}
