//! Zobrist hashing keys, generated at compile time from a fixed seed.

use super::Role;
use crate::{Color, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub(crate) struct Keys {
    pub pieces: [[[u64; 64]; 6]; 2],
    pub castling: [u64; 16],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
}

const fn build() -> Keys {
    let mut keys = Keys {
        pieces: [[[0; 64]; 6]; 2],
        castling: [0; 16],
        ep_file: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x6B69_6269_747A_0001;
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 6 {
            let mut s = 0;
            while s < 64 {
                let (st, v) = splitmix(state);
                state = st;
                keys.pieces[c][r][s] = v;
                s += 1;
            }
            r += 1;
        }
        c += 1;
    }
    // Castling keys combine the four single-right keys so that a mask's key is the
    // XOR of its rights' keys (removing one right then costs one XOR of two entries).
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (st, v) = splitmix(state);
        state = st;
        single[i] = v;
        i += 1;
    }
    let mut mask = 0;
    while mask < 16 {
        let mut k = 0;
        let mut bit = 0;
        while bit < 4 {
            if mask & (1 << bit) != 0 {
                k ^= single[bit];
            }
            bit += 1;
        }
        keys.castling[mask] = k;
        mask += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (st, v) = splitmix(state);
        state = st;
        keys.ep_file[f] = v;
        f += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
}

pub(crate) static KEYS: Keys = build();

#[inline(always)]
pub(crate) fn piece(color: Color, role: Role, sq: Square) -> u64 {
    KEYS.pieces[color as usize][role as usize][sq as usize]
}
