// Conformance body for spmv: filled in by its owner.
