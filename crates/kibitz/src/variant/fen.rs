//! FEN as Fairy-Stockfish writes it: rows from the top rank, runs of empty squares
//! as numbers (10 and more too), the variant's letters, holdings in `[…]`, X-FEN
//! castling rights and gate letters; for Musketeer the two extra gating rows with
//! `*` for an empty cell.

use super::VariantError;
use super::board::{NO_SQ, Sq, WideBitboard};
use super::error::quote;
use super::moves::NO_TYPE;
use super::pregame::Pregame;
use super::rules::{Gating, Rules};
use super::state::{State, WALL, color_of, type_of};
use super::tables::Tables;

fn fen_error(what: String) -> VariantError {
    VariantError::Fen { what }
}

/// One parsed row: per file, `None` or `(colour, type)`.
type Row = Vec<Option<(u8, u8)>>;

/// Parses one row of the board field: its cells, and its wall squares (`*`
/// outside a Musketeer gating row, where `*` is an empty cell) as a bit per
/// file.
fn parse_row(
    rules: &Rules,
    text: &str,
    row: usize,
    name: &str,
    gating_row: bool,
) -> Result<(Row, u16), VariantError> {
    let files = usize::from(rules.size.files());
    let mut cells: Row = Vec::with_capacity(files);
    let mut walls = 0u16;
    let mut number = 0usize;
    // A shogi promoted piece: `+` before its base's letter.
    let mut plus = false;
    let flush = |number: &mut usize, cells: &mut Row| {
        for _ in 0..*number {
            cells.push(None);
        }
        *number = 0;
    };
    for ch in text.chars() {
        if let Some(d) = ch.to_digit(10) {
            if plus {
                return Err(fen_error(format!(
                    "row {row} ({name}): `+` before no piece"
                )));
            }
            number = number * 10 + d as usize;
            if number > files {
                return Err(fen_error(format!(
                    "row {row} ({name}) `{}` has more than {files} files",
                    quote(text)
                )));
            }
            continue;
        }
        flush(&mut number, &mut cells);
        if ch == '+' && rules.shogi.active && !plus {
            plus = true;
            continue;
        }
        if ch == '*' && !plus {
            // A wall (Fairy-Stockfish's wall square), or an empty gating cell;
            // past the last file the length check below refuses the row.
            if !gating_row && cells.len() < files {
                walls |= 1 << cells.len();
            }
            cells.push(None);
        } else if let Some(t) = rules
            .type_of_letter(ch)
            .filter(|_| ch.is_ascii_alphabetic())
        {
            let t = if plus {
                plus = false;
                let p = rules.shogi.promoted.get(usize::from(t)).copied();
                p.filter(|&p| p != NO_TYPE).ok_or_else(|| {
                    fen_error(format!("row {row} ({name}): `+{ch}` is no promoted piece"))
                })?
            } else {
                t
            };
            cells.push(Some((u8::from(ch.is_ascii_lowercase()), t)));
        } else {
            return Err(fen_error(format!(
                "row {row} ({name}): unknown piece `{ch}`"
            )));
        }
        if cells.len() > files {
            return Err(fen_error(format!(
                "row {row} ({name}) `{}` has more than {files} files",
                quote(text)
            )));
        }
    }
    flush(&mut number, &mut cells);
    if plus {
        return Err(fen_error(format!(
            "row {row} ({name}) `{}` ends in `+`",
            quote(text)
        )));
    }
    if cells.len() > files {
        return Err(fen_error(format!(
            "row {row} ({name}) `{}` has more than {files} files",
            quote(text)
        )));
    }
    if cells.len() < files {
        return Err(fen_error(format!(
            "row {row} ({name}) `{}` has {} files, not {files}",
            quote(text),
            cells.len()
        )));
    }
    Ok((cells, walls))
}

/// The parsed board field: the cells by square index, holdings, musketeer gates.
struct BoardField {
    cells: Vec<Option<(u8, u8)>>,
    holdings: [[u8; super::rules::MAX_TYPES]; 2],
    musketeer: [[u8; 16]; 2],
    /// Drops: the pieces marked `~` (promoted).
    promoted: WideBitboard,
    /// The wall squares (`*`).
    walls: WideBitboard,
}

fn parse_board(rules: &Rules, field: &str) -> Result<BoardField, VariantError> {
    let (rows_text, holdings_text) = match field.find('[') {
        Some(i) => {
            let rest = &field[i + 1..];
            let Some(rest) = rest.strip_suffix(']') else {
                return Err(fen_error(format!(
                    "holdings `{}` do not end in `]`",
                    quote(&field[i..])
                )));
            };
            (&field[..i], Some(rest))
        }
        None => (field, None),
    };
    let ranks = usize::from(rules.size.ranks());
    let files = usize::from(rules.size.files());
    let musketeer = rules.gating == Gating::Musketeer;
    let mut rows: Vec<&str> = rows_text.split('/').collect();
    let expected = ranks + if musketeer { 2 } else { 0 };
    // Drops: the hand may also follow the board as one more row (`…/4K3/Qn`).
    let holdings_text = match holdings_text {
        None if rules.drops.enabled && rows.len() == expected + 1 => rows.pop(),
        other => other,
    };
    if rows.len() != expected {
        return Err(fen_error(format!(
            "{} rows where the {}x{} board needs {expected}{}",
            rows.len(),
            files,
            ranks,
            if musketeer {
                " (the board and two gating rows)"
            } else {
                ""
            }
        )));
    }
    let mut out = BoardField {
        cells: vec![None; ranks * files],
        holdings: [[0; super::rules::MAX_TYPES]; 2],
        musketeer: [[NO_TYPE; 16]; 2],
        promoted: WideBitboard::EMPTY,
        walls: WideBitboard::EMPTY,
    };
    for (i, row) in rows.iter().enumerate() {
        if musketeer && (i == 0 || i == expected - 1) {
            let colour = if i == 0 { 1 } else { 0 };
            let name = if i == 0 {
                "black gating row"
            } else {
                "white gating row"
            };
            let (cells, _) = parse_row(rules, row, i + 1, name, true)?;
            for (f, cell) in cells.into_iter().enumerate() {
                if let Some((c, t)) = cell {
                    if usize::from(c) != colour {
                        return Err(fen_error(format!(
                            "row {} ({name}): piece of the wrong colour",
                            i + 1
                        )));
                    }
                    out.musketeer[colour][f] = t;
                }
            }
            continue;
        }
        let board_row = if musketeer { i - 1 } else { i };
        let rank = ranks - 1 - board_row;
        let name = format!("rank {}", rank + 1);
        let (row, marks) = super::drops::promoted_marks(row)?;
        let (cells, walls) = parse_row(rules, &row, i + 1, &name, false)?;
        for f in marks {
            out.promoted.insert((rank * files + f) as Sq);
        }
        for f in (0..files).filter(|&f| walls >> f & 1 != 0) {
            out.walls.insert((rank * files + f) as Sq);
        }
        for (f, cell) in cells.into_iter().enumerate() {
            out.cells[rank * files + f] = cell;
        }
    }
    if let Some(h) = holdings_text {
        for ch in h.chars().filter(|&c| c != '-') {
            let Some(t) = rules
                .type_of_letter(ch)
                .filter(|_| ch.is_ascii_alphabetic())
            else {
                return Err(fen_error(format!("unknown piece `{ch}` in holdings")));
            };
            if rules.pieces[usize::from(t)].kind == super::rules::PieceKind::King
                && !rules.drops.enabled
            {
                // Only a drop variant enters a king from the hand (placement);
                // elsewhere Fairy-Stockfish reads it and plays on without the king.
                return Err(fen_error(format!(
                    "holdings `{}`: a royal piece (`{ch}`) cannot be in hand",
                    quote(h)
                )));
            }
            let c = usize::from(ch.is_ascii_lowercase());
            let slot = &mut out.holdings[c][usize::from(t)];
            *slot = slot.checked_add(1).ok_or_else(|| {
                fen_error(format!(
                    "holdings `{}`: more than 255 `{ch}` in hand",
                    quote(h)
                ))
            })?;
        }
    }
    Ok(out)
}

/// Does colour `c` have a royal piece (type `king`) in the variant's start
/// position, on the board or in hand? (Asked only of a FEN without one.)
fn start_has_royal(rules: &Rules, c: usize, king: u8) -> bool {
    let field = rules.start_fen.split_whitespace().next().unwrap_or("");
    parse_board(rules, field).map_or(true, |start| {
        start.holdings[c][usize::from(king)] > 0 || start.cells.contains(&Some((c as u8, king)))
    })
}

/// `white` or `black`.
fn colour_name(c: usize) -> &'static str {
    if c == 0 { "white" } else { "black" }
}

/// A castling right whose king is off its square: an error naming the right.
fn king_off(rules: &Rules, field: &str, right: char, c: usize, king: Sq) -> VariantError {
    if king == NO_SQ {
        // Chess960: no king on the castling rank.
        return fen_error(format!(
            "castling field `{}`: right `{right}` needs the {} king on rank {}",
            quote(field),
            colour_name(c),
            State::gate_rank(rules, c) + 1
        ));
    }
    fen_error(format!(
        "castling field `{}`: right `{right}` needs the {} king on {}",
        quote(field),
        colour_name(c),
        rules.size.square_name(king)
    ))
}

/// The board cells of a FEN (used to find the pieces' initial squares).
pub(crate) fn board_cells(rules: &Rules, fen: &str) -> Result<Vec<Option<(u8, u8)>>, VariantError> {
    let field = fen.split_whitespace().next().unwrap_or("");
    Ok(parse_board(rules, field)?.cells)
}

/// The rook square a `K`/`Q` right means: the first castling rook from the
/// variant's rook file towards the king.
fn default_rook(rules: &Rules, state: &State, c: usize, side: usize) -> Sq {
    let Some(k) = rules.castling else {
        return NO_SQ;
    };
    let files = rules.size.files();
    let rank = State::gate_rank(rules, c);
    let mut f = i32::from(if side == 0 {
        k.rook_kingside_file
    } else {
        k.rook_queenside_file
    });
    let step = if side == 0 { -1 } else { 1 };
    // Chess960: the castling king's own file (the outermost rook on its side).
    let king_file = match state.castling_king_sq(rules, c) {
        NO_SQ => k.king_file,
        king => (king % Sq::from(files)) as u8,
    };
    while f != i32::from(king_file) && (0..i32::from(files)).contains(&f) {
        let sq = rank * Sq::from(files) + f as Sq;
        if state.is_castling_rook(&k, c, sq) {
            return sq;
        }
        f += step;
    }
    NO_SQ
}

pub(crate) fn parse(rules: &Rules, t: &Tables, fen: &str) -> Result<State, VariantError> {
    let mut fields = fen.split_whitespace().peekable();
    let Some(board_field) = fields.next() else {
        return Err(fen_error("empty fen".to_string()));
    };
    let board = parse_board(rules, board_field)?;
    let mut state = State::empty();
    for (sq, cell) in board.cells.iter().enumerate() {
        if let Some((c, ty)) = *cell {
            let c = usize::from(c);
            if Some(ty) == t.king && state.kings[c] != NO_SQ {
                return Err(fen_error(format!(
                    "two {} royal pieces",
                    if c == 0 { "white" } else { "black" }
                )));
            }
            state.put(t, sq as Sq, c, usize::from(ty));
        }
    }
    for sq in board.walls.iter() {
        state.board[usize::from(sq)] = WALL;
    }
    state.walls = board.walls;
    if let Some(king) = t.king
        && let Some(c) = (0..2).find(|&c| {
            state.kings[c] == NO_SQ
                && board.holdings[c][usize::from(king)] == 0
                && !rules.kingless_sides
                && start_has_royal(rules, c, king)
        })
    {
        // A side whose start position has a royal piece has it, on the board or
        // in hand (Fairy-Stockfish's validate_fen counts them against the start
        // position's: horde's White has none); without it, check and mate would
        // mean nothing.
        return Err(fen_error(format!(
            "no {} {} on the board",
            colour_name(c),
            rules.pieces[usize::from(king)].name
        )));
    }
    state.holdings = board.holdings;
    if rules.drops.marks_promoted() {
        state.promoted = board.promoted;
    }
    state.musketeer = board.musketeer;
    state.turn = match fields.next() {
        None | Some("w") => 0,
        Some("b") => 1,
        Some(other) => {
            return Err(fen_error(format!(
                "side to move `{}` is not `w` or `b`",
                quote(other)
            )));
        }
    };
    let files = rules.size.files();
    if rules.gating == Gating::Musketeer {
        for c in 0..2 {
            for f in 0..usize::from(files) {
                if state.musketeer[c][f] != NO_TYPE {
                    state.gates[c] |= 1 << f;
                }
            }
            if let Some(k) = rules.castling {
                let g = state.gates[c];
                let king = g >> k.king_file & 1 != 0;
                let rook =
                    g >> k.rook_kingside_file & 1 != 0 || g >> k.rook_queenside_file & 1 != 0;
                if king && rook {
                    return Err(VariantError::MusketeerPlacement {
                        side: if c == 0 { "white" } else { "black" },
                    });
                }
            }
        }
    }
    state.derive_chosen(rules);
    // Fairy-Stockfish's short form, which its own start positions of shogi-like
    // games use (`… w 0 1`): a number right after the side to move means that the
    // castling and en-passant fields are left out.
    let short = fields
        .peek()
        .is_some_and(|f| f.starts_with(|c: char| c.is_ascii_digit()));
    let castling = if short {
        "-"
    } else {
        fields.next().unwrap_or("-")
    };
    if castling != "-" {
        for ch in castling.chars() {
            let c = usize::from(ch.is_ascii_lowercase());
            let rank = State::gate_rank(rules, c);
            let bad = || {
                fen_error(format!(
                    "castling field `{}`: `{ch}` is not a right here",
                    quote(castling)
                ))
            };
            match ch.to_ascii_uppercase() {
                'K' | 'Q' => {
                    let side = usize::from(ch.eq_ignore_ascii_case(&'Q'));
                    let Some(k) = rules.castling else {
                        // Without castling in the variant, Fairy-Stockfish reads
                        // `KQkq` as no right (its own start positions say so).
                        continue;
                    };
                    let king = state.castling_king_sq(rules, c);
                    // Fairy-Stockfish drops a right whose king or rook is not
                    // there; kibitz says so, as its orthodox reader does.
                    if king == NO_SQ
                        || (state.kings[c] != king && !state.castling_king_on(rules, c, king))
                    {
                        return Err(king_off(rules, castling, ch, c, king));
                    }
                    let rook = default_rook(rules, &state, c, side);
                    if rook == NO_SQ {
                        return Err(fen_error(format!(
                            "castling field `{}`: right `{ch}` has no {} rook to castle with",
                            quote(castling),
                            colour_name(c)
                        )));
                    }
                    state.castling |= 1 << (2 * c + side);
                    state.rook_sq[2 * c + side] = rook;
                    if rules.gating == Gating::Seirawan {
                        state.gates[c] |= 1 << (rook % Sq::from(files)) | 1 << k.king_file;
                    }
                }
                u @ 'A'..='P' => {
                    let f = u as u8 - b'A';
                    if f >= files {
                        return Err(bad());
                    }
                    let sq = rank * Sq::from(files) + Sq::from(f);
                    if rules.gating == Gating::Seirawan || rules.regions.cambodian_moves {
                        if state.occ[c].contains(sq) {
                            state.gates[c] |= 1 << f;
                        }
                        continue;
                    }
                    let Some(k) = rules.castling else {
                        return Err(bad());
                    };
                    let king = state.castling_king_sq(rules, c);
                    if king == NO_SQ
                        || (state.kings[c] != king && !state.castling_king_on(rules, c, king))
                    {
                        return Err(king_off(rules, castling, ch, c, king));
                    }
                    if !state.is_castling_rook(&k, c, sq) {
                        return Err(fen_error(format!(
                            "castling field `{}`: right `{ch}` has no {} rook on {}",
                            quote(castling),
                            colour_name(c),
                            rules.size.square_name(sq)
                        )));
                    }
                    let side = usize::from(sq < king);
                    state.castling |= 1 << (2 * c + side);
                    state.rook_sq[2 * c + side] = sq;
                }
                _ => return Err(bad()),
            }
        }
    }
    if rules.gating == Gating::Seirawan && !rules.drops.captures_to_hand {
        for c in 0..2 {
            if state.holdings[c].iter().all(|&h| h == 0) {
                state.gates[c] = 0;
            }
        }
    }
    state.castling_men = super::conditions::castling_men_of(rules, state.castling);
    // A number where the en-passant square would be begins the counters (`w - 0 1`),
    // except where a counting rule writes its limit there.
    let makruk = rules.regions.counting != super::rules::CountingRule::None;
    let counters_next = !makruk && fields.peek().is_some_and(|f| f.parse::<u32>().is_ok());
    let ep = if short || counters_next {
        "-"
    } else {
        fields.next().unwrap_or("-")
    };
    let counting = makruk && ep.starts_with(|c: char| c.is_ascii_digit());
    if counting {
        state.counting_limit = ep
            .parse()
            .map_err(|_| fen_error(format!("counting limit `{}` is not a number", quote(ep))))?;
    } else if ep != "-" {
        let mut rest = ep;
        let mut squares = Vec::new();
        while !rest.is_empty() {
            let len = rest
                .char_indices()
                .skip(1)
                .find(|(_, c)| !c.is_ascii_digit())
                .map_or(rest.len(), |(i, _)| i);
            let Some(sq) = rules.size.parse_square(&rest[..len]) else {
                return Err(fen_error(format!(
                    "en-passant square `{}` is not a square",
                    quote(ep)
                )));
            };
            squares.push(sq);
            rest = &rest[len..];
        }
        set_ep_from_fen(rules, t, &mut state, &squares);
    }
    if rules.ends.check_counting {
        state.checks = super::ends::read_check_counts(&mut fields).map_err(fen_error)?;
    }
    let mut counter = |name: &str| -> Result<Option<u32>, VariantError> {
        match fields.next() {
            None => Ok(None),
            Some(x) => x
                .parse::<u32>()
                .map(Some)
                .map_err(|_| fen_error(format!("{name} `{}` is not a number", quote(x)))),
        }
    };
    state.halfmove = counter("halfmove clock")?.unwrap_or(0);
    // While a count runs, the halfmove field is the plies counted.
    if state.counting_limit != 0 && state.halfmove != 0 {
        state.counting_ply = state.halfmove.min(u32::from(u16::MAX)) as u16;
        state.halfmove = 0;
    }
    state.fullmove = counter("fullmove number")?.unwrap_or(1).max(1);
    if let Some(extra) = fields.next() {
        return Err(fen_error(format!(
            "unexpected field `{}` after the move number",
            quote(extra)
        )));
    }
    // A side whose pawns are other pieces (Spartan's Black) holds no orthodox pawn.
    if let Some(p) = t.pawn {
        for c in 0..2 {
            if t.pawn_sets.no_pawn[c] && state.counts[c][usize::from(p)] > 0 {
                return Err(fen_error(format!(
                    "{} has a pawn `{}`, which is no pawn of its side in this variant",
                    ["White", "Black"][c],
                    if c == 0 {
                        rules.pieces[usize::from(p)].letter
                    } else {
                        rules.pieces[usize::from(p)].letter.to_ascii_lowercase()
                    }
                )));
            }
        }
    }
    let them = state.turn ^ 1;
    if state.kings[them] != NO_SQ && state.attacked(t, state.kings[them], state.turn) {
        return Err(fen_error("the side not to move is in check".to_string()));
    }
    Ok(state)
}

/// Keeps the en-passant squares a pawn of the side to move attacks, behind a pawn
/// that just made a multi-step (as Fairy-Stockfish does).
/// Where a custom piece takes en passant, every square in the region is kept
/// and the piece taken is found as after a move ([`State::ep_capture_square`]).
fn set_ep_from_fen(rules: &Rules, t: &Tables, state: &mut State, squares: &[Sq]) {
    let us = state.turn;
    let them = us ^ 1;
    let pawn_bit = t.pawn.map_or(0, |p| 1u32 << p);
    // Also where a piece's initial move leaves en-passant squares (Wolf chess's
    // sergeant: its own square among them): such custom pieces turn off
    // Fairy-Stockfish's fast attacks, and it then keeps every square given.
    if t.pawn_sets.en_passant[us] & !pawn_bit != 0 || t.initial_ep != 0 {
        if !rules.en_passant {
            return;
        }
        let mut kept: Vec<Sq> = squares
            .iter()
            .copied()
            .filter(|&sq| rules.ends.en_passant_ranks[us] >> (sq / t.files) & 1 != 0)
            .collect();
        kept.sort_unstable();
        kept.dedup();
        for (slot, sq) in state.ep.iter_mut().zip(kept) {
            *slot = sq;
        }
        state.ep_victim = state.ep_capture_square(t, them);
        if state.ep_victim == NO_SQ {
            state.ep = [NO_SQ; 2];
        }
        return;
    }
    let Some(pawn) = t.pawn else { return };
    let files = i32::from(rules.size.files());
    let push = if them == 0 { files } else { -files };
    let mut n = 0;
    for &sq in squares.iter().take(2) {
        if state.board[usize::from(sq)] != 0
            || rules.ends.en_passant_ranks[us] >> (sq / t.files) & 1 == 0
        {
            continue;
        }
        let attacked = t.leap_attackers(us, sq).iter().any(|a| {
            a.types >> pawn & 1 != 0
                && state.board[usize::from(a.from)] == super::state::code(us, usize::from(pawn))
        });
        // The pawn that moved: one or two squares beyond, in its direction.
        let victim = [1, 2].iter().find_map(|&k| {
            let s = i32::from(sq) + k * push;
            (0..t.squares as i32)
                .contains(&s)
                .then_some(s as Sq)
                .filter(|&s| {
                    state.board[usize::from(s)] == super::state::code(them, usize::from(pawn))
                })
        });
        if let (true, Some(v)) = (attacked, victim) {
            state.ep[n] = sq;
            n += 1;
            state.ep_victim = v;
        }
    }
}

fn letter(rules: &Rules, c: usize, t: usize) -> char {
    let l = rules.pieces[t].letter;
    if c == 0 { l } else { l.to_ascii_lowercase() }
}

fn write_row(out: &mut String, cells: impl Iterator<Item = Option<char>>, empty: Option<char>) {
    let mut run = 0;
    for cell in cells {
        match (cell, empty) {
            (None, Some(e)) => out.push(e),
            (None, None) => run += 1,
            (Some(ch), _) => {
                if run > 0 {
                    out.push_str(&run.to_string());
                    run = 0;
                }
                out.push(ch);
            }
        }
    }
    if run > 0 {
        out.push_str(&run.to_string());
    }
}

/// A FEN of the variant with, for Musketeer, the pieces selected and not yet
/// placed in brackets after White's gating row (`…/********[LClc] w KQkq - 0 1`):
/// the position and the game's first moves still to come.
pub(crate) fn parse_with_pregame(
    rules: &Rules,
    t: &Tables,
    text: &str,
) -> Result<(State, Option<Pregame>), VariantError> {
    let board_field = text.split_whitespace().next().unwrap_or("");
    let hand = match board_field.find('[') {
        Some(i) if rules.gating == Gating::Musketeer => {
            let Some(inner) = board_field[i + 1..].strip_suffix(']') else {
                return Err(fen_error(format!(
                    "musketeer hand `{}` does not end in `]`",
                    quote(&board_field[i..])
                )));
            };
            Some((i, inner))
        }
        _ => None,
    };
    match hand {
        Some((i, inner)) => {
            let rest = &text.trim_start()[board_field.len()..];
            let plain = format!("{}{rest}", &board_field[..i]);
            let state = parse(rules, t, &plain)?;
            let pregame = Pregame::parse(rules, &state, inner)?;
            Ok((state, pregame))
        }
        None => Ok((parse(rules, t, text)?, None)),
    }
}

/// The FEN of a position and, for Musketeer, its pieces still to place
/// ([`parse_with_pregame`] reads it back).
pub(crate) fn write_with_pregame(
    rules: &Rules,
    state: &State,
    pregame: Option<&Pregame>,
) -> String {
    let mut text = write(rules, state);
    if let (Some(pg), Some(i)) = (pregame, text.find(' ')) {
        text.insert_str(i, &pg.write(rules));
    }
    text
}

pub(crate) fn write(rules: &Rules, state: &State) -> String {
    write_fogged(rules, state, WideBitboard::EMPTY)
}

/// The FEN with the squares of `fog` written `*` (Fairy-Stockfish's fog-of-war
/// FEN: what the side to move cannot see), and the walls `*` as always.
pub(crate) fn write_fogged(rules: &Rules, state: &State, fog: WideBitboard) -> String {
    let fog = fog | state.walls;
    let files = usize::from(rules.size.files());
    let ranks = usize::from(rules.size.ranks());
    let mut out = String::new();
    let musketeer = rules.gating == Gating::Musketeer;
    let gate_row = |out: &mut String, c: usize| {
        let cells = (0..files).map(|f| {
            let t = state.musketeer[c][f];
            (state.gates[c] >> f & 1 != 0 && t != NO_TYPE).then(|| letter(rules, c, usize::from(t)))
        });
        write_row(out, cells, Some('*'));
    };
    if musketeer {
        gate_row(&mut out, 1);
        out.push('/');
    }
    for rank in (0..ranks).rev() {
        if rules.drops.marks_promoted() || rules.shogi.active {
            super::drops::write_marked_rows(rules, state, fog, &mut out);
            break;
        }
        let cells = (0..files).map(|f| {
            let p = state.board[rank * files + f];
            if fog.contains((rank * files + f) as Sq) {
                return Some('*');
            }
            (p != 0).then(|| letter(rules, color_of(p), type_of(p)))
        });
        write_row(&mut out, cells, None);
        if rank > 0 {
            out.push('/');
        }
    }
    if musketeer {
        out.push('/');
        gate_row(&mut out, 0);
    }
    if rules.drops.enabled && !rules.drops.free_drops {
        super::drops::write_hand(rules, state, &mut out);
    } else if rules.gating == Gating::Seirawan {
        out.push('[');
        for c in 0..2 {
            for t in (0..rules.pieces.len()).rev() {
                for _ in 0..state.holdings[c][t] {
                    out.push(letter(rules, c, t));
                }
            }
        }
        out.push(']');
    }
    out.push_str(if state.turn == 0 { " w " } else { " b " });
    let mut rights = String::new();
    for c in 0..2 {
        let case = |ch: char| if c == 0 { ch } else { ch.to_ascii_lowercase() };
        for side in 0..2 {
            if state.castling >> (2 * c + side) & 1 != 0 {
                let rook = state.rook_sq[2 * c + side];
                // Chess960 rights are written as their rooks' files, as
                // Fairy-Stockfish writes them (`HAha`).
                if !rules.chess960 && rook == default_rook(rules, state, c, side) {
                    rights.push(case(if side == 0 { 'K' } else { 'Q' }));
                } else {
                    rights.push(case(char::from(b'A' + (rook as usize % files) as u8)));
                }
            }
        }
        if rules.regions.cambodian_moves {
            // Ouk Chatrang's first-move rights, as Fairy-Stockfish writes its gates.
            for f in (0..files).filter(|&f| state.gates[c] >> f & 1 != 0) {
                rights.push(case(char::from(b'A' + f as u8)));
            }
        }
        let has_holdings = state.holdings[c].iter().any(|&h| h > 0);
        if rules.gating == Gating::Seirawan && (has_holdings || rules.drops.captures_to_hand) {
            for f in 0..files {
                if state.gates[c] >> f & 1 == 0 {
                    continue;
                }
                let castle_any = state.castling >> (2 * c) & 3 != 0;
                let king_file = rules.castling.map(|k| usize::from(k.king_file));
                let rook_right = (0..2).any(|side| {
                    state.castling >> (2 * c + side) & 1 != 0
                        && state.rook_sq[2 * c + side] as usize % files == f
                });
                if (castle_any && king_file == Some(f)) || rook_right {
                    continue;
                }
                rights.push(case(char::from(b'A' + f as u8)));
            }
        }
    }
    if rights.is_empty() {
        rights.push('-');
    }
    out.push_str(&rights);
    out.push(' ');
    if state.counting_limit != 0 {
        out.push_str(&state.counting_limit.to_string());
    } else if state.ep[0] == NO_SQ {
        out.push('-');
    } else {
        for &sq in state.ep.iter().filter(|&&s| s != NO_SQ) {
            out.push_str(&rules.size.square_name(sq));
        }
    }
    if rules.ends.check_counting {
        out.push_str(&format!(" {}+{}", state.checks[0], state.checks[1]));
    }
    // A counting rule writes the plies counted where the halfmove clock goes.
    let halfmove = if state.counting_limit != 0 {
        u32::from(state.counting_ply)
    } else {
        state.halfmove
    };
    out.push_str(&format!(" {} {}", halfmove, state.fullmove));
    out
}
