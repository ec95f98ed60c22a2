//! The tables of `BENCHMARKS.md` between their `<!-- report:KEY -->` markers,
//! rewritten in place by `kibitz-bench report` and `kibitz-bench mate-report`.

use core::fmt::Write as _;

use anyhow::bail;

/// `doc` with the text between `<!-- report:KEY -->` and `<!-- /report:KEY -->`
/// replaced by `body`; every byte outside the markers is kept. A document without the
/// markers gets them, with `body`, at its end.
///
/// # Errors
///
/// When the opening marker appears more than once, or has no closing marker after it.
pub fn rewrite(doc: &str, key: &str, body: &str) -> anyhow::Result<String> {
    let open = format!("<!-- report:{key} -->");
    let close = format!("<!-- /report:{key} -->");
    let body = body.trim_end();
    let Some(start) = doc.find(&open) else {
        let mut out = doc.trim_end().to_owned();
        if !out.is_empty() {
            out.push_str("\n\n");
        }
        let _ = write!(out, "{open}\n{body}\n{close}\n");
        return Ok(out);
    };
    let inner = start + open.len();
    if doc[inner..].contains(&open) {
        bail!("{open} appears twice");
    }
    let Some(end) = doc[inner..].find(&close).map(|at| inner + at) else {
        bail!("{open} has no {close} after it");
    };
    Ok(format!("{}\n{body}\n{}", &doc[..inner], &doc[end..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    const DOC: &str = "# Benchmarks\n\nIntro kept.\n\n## Perft\n\nProse kept.\n\
        <!-- report:perft -->\nold table\n<!-- /report:perft -->\nAfter kept.\n\n\
        ## SAN\n<!-- report:san -->\n<!-- /report:san -->\nEnd kept.\n";

    #[test]
    fn rewrite_replaces_between_markers_and_keeps_the_rest() {
        let new = rewrite(DOC, "perft", "new table\n\n").unwrap();
        assert_eq!(
            new,
            DOC.replace(
                "<!-- report:perft -->\nold table\n",
                "<!-- report:perft -->\nnew table\n"
            )
        );
        // The other table and every line outside the markers are untouched.
        assert!(new.contains("Intro kept.\n\n## Perft\n\nProse kept.\n"));
        assert!(new.contains(
            "After kept.\n\n## SAN\n<!-- report:san -->\n<!-- /report:san -->\nEnd kept.\n"
        ));
        // Rewriting again with the same body changes nothing.
        assert_eq!(rewrite(&new, "perft", "new table").unwrap(), new);
        let both = rewrite(&new, "san", "san table").unwrap();
        assert!(both.contains("<!-- report:san -->\nsan table\n<!-- /report:san -->\nEnd kept.\n"));
        assert!(both.contains("new table"));
    }

    #[test]
    fn rewrite_appends_missing_markers() {
        assert_eq!(
            rewrite("# B\n", "mate", "t").unwrap(),
            "# B\n\n<!-- report:mate -->\nt\n<!-- /report:mate -->\n"
        );
        assert_eq!(
            rewrite("", "mate", "t").unwrap(),
            "<!-- report:mate -->\nt\n<!-- /report:mate -->\n"
        );
    }

    #[test]
    fn rewrite_refuses_broken_markers() {
        assert!(rewrite("<!-- report:perft -->\nx\n", "perft", "t").is_err());
        let twice = "<!-- report:perft -->\n<!-- /report:perft -->\n<!-- report:perft -->\n";
        assert!(rewrite(twice, "perft", "t").is_err());
        // A key is not mistaken for another that begins with it.
        let other = "<!-- report:mate-detection -->\nx\n<!-- /report:mate-detection -->\n";
        assert!(rewrite(other, "mate", "t").unwrap().starts_with(other));
    }
}
