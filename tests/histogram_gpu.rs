//! The histogram, gather / scatter / reverse tests of the GPU in one module: the conformance
//! bodies (`tests/conformance/histogram.rs`, `gather.rs`) and invalid-input rows
//! (`tests/invalid_input/histogram.rs`) on `Cuda`, and the histograms' large tier
//! (`tests/large/histogram.rs`, `#[ignore]`d as in `large_gpu.rs`). The same bodies run on
//! every backend in `conformance` and `invalid_input`; this module runs these algorithms'
//! tests alone on a GPU machine (the filter `histogram_gpu::` of the `gpu` binary).
#![cfg(feature = "cuda")]

mod cuda {
    /// The backend under test.
    pub(crate) type B = parallaxis::Cuda;

    mod histogram {
        include!("conformance/histogram.rs");
    }
    mod gather {
        include!("conformance/gather.rs");
    }
    mod invalid_input {
        use parallaxis::{DeviceVector, Error};
        type B = parallaxis::Cuda;

        fn v<T: parallaxis::DeviceCopy>(data: &[T]) -> DeviceVector<T, B> {
            DeviceVector::from_slice(data).unwrap()
        }

        fn mismatch(what: &'static str, expected: usize, actual: usize) -> Error {
            Error::LengthMismatch {
                what,
                expected,
                actual,
            }
        }

        include!("invalid_input/histogram.rs");
    }
    mod large {
        use parallaxis::DeviceVector;
        use std::time::Instant;
        type B = parallaxis::Cuda;

        /// 2^31 + 12345 samples, as `large_gpu.rs`.
        const N: usize = (1 << 31) + 12345;

        fn timed<R>(what: &str, op: impl FnOnce() -> parallaxis::Result<R>) -> R {
            let t = Instant::now();
            let r = op().unwrap_or_else(|e| panic!("{what}: {e}"));
            eprintln!("large: {what} on the GPU: {:?}", t.elapsed());
            r
        }

        include!("large/histogram.rs");
    }
}
