//! Finds the magic multipliers used by `kibitz::attacks` and prints them as Rust.
//!
//! ```text
//! cargo run --release -p kibitz --example find_magics > magics.txt
//! ```
//!
//! Each square gets a multiplier `m` such that `((occupied & mask) * m) >> (64 - bits)`
//! sends every relevant occupancy to a slot of a `2^bits` table without two
//! occupancies with different attack sets sharing a slot. `bits` is the number of
//! relevant squares, so the tables are as small as plain ("fixed shift") magics get.
//! The search is seeded, so the output is reproducible. The library checks the
//! printed numbers again at compile time.

fn walk(sq: i32, occupied: u64, dirs: &[(i32, i32)], exclude_edge: bool) -> u64 {
    let mut bits = 0;
    for &(df, dr) in dirs {
        let (mut f, mut r) = (sq % 8 + df, sq / 8 + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            if exclude_edge {
                let (nf, nr) = (f + df, r + dr);
                if !(0..8).contains(&nf) || !(0..8).contains(&nr) {
                    break;
                }
            }
            bits |= 1u64 << (r * 8 + f);
            if occupied & (1u64 << (r * 8 + f)) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    bits
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn sparse(&mut self) -> u64 {
        self.next() & self.next() & self.next()
    }
}

fn find(sq: i32, dirs: &[(i32, i32)], rng: &mut Rng) -> u64 {
    let mask = walk(sq, 0, dirs, true);
    let bits = mask.count_ones();
    let mut occupancies = Vec::new();
    let mut subset = 0u64;
    loop {
        occupancies.push((subset, walk(sq, subset, dirs, false)));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let mut table = vec![0u64; 1 << bits];
    let mut epoch = vec![0u32; 1 << bits];
    for attempt in 1u32.. {
        let magic = rng.sparse();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        let ok = occupancies.iter().all(|&(occ, attacks)| {
            let index = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                table[index] = attacks;
                true
            } else {
                table[index] == attacks
            }
        });
        if ok {
            return magic;
        }
    }
    unreachable!()
}

fn main() {
    let rook = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    let mut rng = Rng(0x6B69_6269_747A_2121); // "kibitz!!"
    for (name, dirs) in [("ROOK_MAGICS", &rook), ("BISHOP_MAGICS", &bishop)] {
        println!("pub(crate) const {name}: [u64; 64] = [");
        for sq in 0..64 {
            println!("    {:#018x},", find(sq, dirs, &mut rng));
        }
        println!("];");
    }
}
