//! Registers per entry point, read from the report of `ptxas -v` (the driver JIT-compiles
//! the same PTX with the same assembler at load time).

use std::collections::BTreeMap;

/// `entry name → registers` from `ptxas -v` output: each `Compiling entry function 'NAME'`
/// line names the entry that the next `Used N registers` line describes.
pub fn registers(report: &str) -> BTreeMap<String, u32> {
    let mut out = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in report.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            current = rest.split('\'').next().map(str::to_owned);
        } else if let Some(rest) = line.split("Used ").nth(1) {
            let n = rest.split(' ').next().and_then(|n| n.parse().ok());
            if let (Some(name), Some(n)) = (current.take(), n) {
                out.insert(name, n);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::registers;

    #[test]
    fn a_report_is_read() {
        let report = "ptxas info    : Compiling entry function 'gj_4' for 'sm_90'\n\
            ptxas info    : Function properties for gj_4\n\
            \x20   0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n\
            ptxas info    : Used 11 registers, used 1 barriers, 512 bytes smem\n\
            ptxas info    : Compiling entry function 'gj_8' for 'sm_90'\n\
            ptxas info    : Used 15 registers, 512 bytes smem\n";
        let r = registers(report);
        assert_eq!(r.get("gj_4"), Some(&11));
        assert_eq!(r.get("gj_8"), Some(&15));
        assert_eq!(r.len(), 2);
    }
}
