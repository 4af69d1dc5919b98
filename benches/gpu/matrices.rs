//! The SpMV test matrices, generated exactly like `benches/peers/peers.cu` (same grid, same
//! generator and seed), so that parallaxis and cuSPARSE multiply the same matrix.

/// CSR arrays of a generated matrix (32-bit indices, as cuSPARSE's `CUSPARSE_INDEX_32I`).
pub(crate) struct Csr {
    pub(crate) rows: usize,
    pub(crate) row_ptr: Vec<u32>,
    pub(crate) col: Vec<u32>,
    pub(crate) val: Vec<f32>,
}

impl Csr {
    /// A checksum of the structure, printed by `--matrix-checksum` to compare with the C++
    /// generator: `(nnz, sum of column indices, sum of row pointers)`.
    pub(crate) fn checksum(&self) -> (usize, u64, u64) {
        let c = self.col.iter().map(|&c| u64::from(c)).sum();
        let p = self.row_ptr.iter().map(|&p| u64::from(p)).sum();
        (self.col.len(), c, p)
    }
}

/// The 2D 5-point Poisson matrix on a `g x g` grid, neighbours in the order of peers.cu.
pub(crate) fn poisson(g: usize) -> Csr {
    let rows = g * g;
    let mut row_ptr = Vec::with_capacity(rows + 1);
    let (mut col, mut val) = (Vec::with_capacity(rows * 5), Vec::with_capacity(rows * 5));
    row_ptr.push(0);
    for r in 0..rows {
        let (i, j) = ((r / g) as i64, (r % g) as i64);
        for (a, b) in [(i - 1, j), (i, j - 1), (i, j), (i, j + 1), (i + 1, j)] {
            if (0..g as i64).contains(&a) && (0..g as i64).contains(&b) {
                col.push((a * g as i64 + b) as u32);
                val.push(if a == i && b == j { 4.0 } else { -1.0 });
            }
        }
        row_ptr.push(col.len() as u32);
    }
    Csr {
        rows,
        row_ptr,
        col,
        val,
    }
}

/// `std::mt19937` (32-bit Mersenne Twister), bit for bit.
struct Mt19937 {
    mt: [u32; 624],
    idx: usize,
}

impl Mt19937 {
    fn new(seed: u32) -> Self {
        let mut mt = [0_u32; 624];
        mt[0] = seed;
        for i in 1..624 {
            mt[i] = 1_812_433_253_u32
                .wrapping_mul(mt[i - 1] ^ (mt[i - 1] >> 30))
                .wrapping_add(i as u32);
        }
        Self { mt, idx: 624 }
    }

    fn twist(&mut self) {
        for i in 0..624 {
            let y = (self.mt[i] & 0x8000_0000) | (self.mt[(i + 1) % 624] & 0x7fff_ffff);
            let mut v = self.mt[(i + 397) % 624] ^ (y >> 1);
            if y & 1 != 0 {
                v ^= 0x9908_b0df;
            }
            self.mt[i] = v;
        }
        self.idx = 0;
    }

    fn next_u32(&mut self) -> u32 {
        if self.idx >= 624 {
            self.twist();
        }
        let mut y = self.mt[self.idx];
        self.idx += 1;
        y ^= y >> 11;
        y ^= (y << 7) & 0x9d2c_5680;
        y ^= (y << 15) & 0xefc6_0000;
        y ^ (y >> 18)
    }

    /// libstdc++'s `uniform_real_distribution<double>(a, b)`: `generate_canonical<double, 53>`
    /// from two draws (low word first), clamped below 1, then `r * (b - a) + a`.
    fn uniform(&mut self, a: f64, b: f64) -> f64 {
        let lo = f64::from(self.next_u32());
        let hi = f64::from(self.next_u32());
        let mut r = (lo + hi * 4_294_967_296.0) / 18_446_744_073_709_551_616.0;
        if r >= 1.0 {
            r = 1.0 - f64::EPSILON / 2.0;
        }
        r * (b - a) + a
    }
}

/// peers.cu's power-law matrix: `rows` rows, row length `min(20000, (int)(2 / u^0.7))` with
/// `u ~ U(1e-6, 1)`, columns `g() % rows` sorted within the row, values 1 (mt19937, seed 42).
pub(crate) fn power_law(rows: usize) -> Csr {
    let mut g = Mt19937::new(42);
    let mut row_ptr = Vec::with_capacity(rows + 1);
    let (mut col, mut val) = (Vec::new(), Vec::new());
    row_ptr.push(0);
    for _ in 0..rows {
        let u = g.uniform(1e-6, 1.0);
        let len = ((2.0 / u.powf(0.7)) as i32).min(20_000) as usize;
        let start = col.len();
        for _ in 0..len {
            col.push(g.next_u32() % rows as u32);
        }
        col[start..].sort_unstable();
        val.resize(col.len(), 1.0_f32);
        row_ptr.push(col.len() as u32);
    }
    Csr {
        rows,
        row_ptr,
        col,
        val,
    }
}
