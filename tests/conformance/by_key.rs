// Conformance body for by_key: filled in by its owner.
