// Conformance body for stencil: filled in by its owner.
