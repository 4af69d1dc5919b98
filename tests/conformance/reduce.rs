// Conformance body for reduce: filled in by its owner.
