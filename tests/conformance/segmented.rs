// Conformance body for segmented: filled in by its owner.
