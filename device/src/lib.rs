//! parallax-device: the CUDA backend (host side).
