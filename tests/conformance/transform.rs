// Conformance body for transform: filled in by its owner.
