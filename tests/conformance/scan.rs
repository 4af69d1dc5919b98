// Conformance body for scan: filled in by its owner.
