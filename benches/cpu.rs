//! CPU benchmark (placeholder until filled).
fn main() {}
