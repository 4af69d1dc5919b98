//! Error paths (out of memory, bad ordinal, length mismatch) and one input beyond 2^31
//! elements (64-bit sizes and indices end to end).

use crate::check::err;
use crate::compare::Report;
use parallaxis_core::{Sequence, Square, Sum};
use parallaxis_device::{self as dev, Device, DeviceBuffer, Error};

/// Each error path returns its typed error, and the device keeps working afterwards.
pub(crate) fn error_paths(rep: &mut Report) {
    let huge = 1_usize << 50; // 1 PiB
    let outcome = match DeviceBuffer::<u8>::zeroed(huge) {
        Err(Error::OutOfMemory { bytes }) if bytes == huge => still_usable(),
        other => Err(format!(
            "expected OutOfMemory {{ bytes: {huge} }}, got {other:?}"
        )),
    };
    rep.record("error: out of memory, then usable", huge, outcome);

    let outcome = match DeviceBuffer::<u64>::zeroed(usize::MAX) {
        Err(Error::OutOfMemory { bytes: usize::MAX }) => still_usable(),
        other => Err(format!(
            "expected OutOfMemory {{ bytes: usize::MAX }}, got {other:?}"
        )),
    };
    rep.record("error: size overflow", usize::MAX, outcome);

    let outcome = match Device::get(1000) {
        Err(Error::NoDevice {
            ordinal: 1000,
            count,
        }) if count >= 1 => Ok(()),
        other => Err(format!(
            "expected NoDevice {{ ordinal: 1000 }}, got {other:?}"
        )),
    };
    rep.record("error: bad ordinal", 1000, outcome);

    let outcome = (|| {
        let x = DeviceBuffer::from_slice(&[1.0_f32, 2.0, 3.0, 4.0]).map_err(err)?;
        let mut y = DeviceBuffer::<f32>::zeroed(3).map_err(err)?;
        match dev::transform(Square, &x, &mut y) {
            Err(Error::LengthMismatch {
                expected: 4,
                actual: 3,
                ..
            }) => Ok(()),
            other => Err(format!("expected LengthMismatch, got {other:?}")),
        }
    })();
    rep.record("error: length mismatch", 4, outcome);
}

/// A small round trip: the context survived the error.
fn still_usable() -> Result<(), String> {
    let b = DeviceBuffer::from_slice(&[1_u32, 2, 3]).map_err(err)?;
    let v = b.to_vec().map_err(err)?;
    if v == [1, 2, 3] {
        Ok(())
    } else {
        Err(format!("round trip after the error gave {v:?}"))
    }
}

/// tabulate, reduce and inclusive scan of `u32` at `n = 2^31 + 33` (8.6 GB per buffer):
/// `x[i] = i`, `Σ x = n(n-1)/2 mod 2^32`, `y[i] = i(i+1)/2 mod 2^32`, all checked.
pub(crate) fn beyond_2_31(rep: &mut Report) {
    let n = (1_usize << 31) + 33;
    let outcome = (|| {
        let mut x = DeviceBuffer::<u32>::zeroed(n).map_err(err)?;
        dev::tabulate(
            Sequence {
                start: 0_u32,
                step: 1,
            },
            &mut x,
        )
        .map_err(err)?;
        let total = dev::reduce(Sum, &x).map_err(err)?;
        let want = ((n as u64) * (n as u64 - 1) / 2) as u32;
        if total != want {
            return Err(format!("reduce: got {total}, want {want}"));
        }
        let xs = x.to_vec().map_err(err)?;
        if let Some(i) = xs.iter().enumerate().position(|(i, &v)| v != i as u32) {
            return Err(format!("tabulate: x[{i}] = {}", xs[i]));
        }
        drop(xs);
        let mut y = DeviceBuffer::<u32>::zeroed(n).map_err(err)?;
        dev::inclusive_scan(Sum, &x, &mut y).map_err(err)?;
        let ys = y.to_vec().map_err(err)?;
        let mut acc = 0_u32;
        for (i, &v) in ys.iter().enumerate() {
            acc = acc.wrapping_add(i as u32);
            if v != acc {
                return Err(format!("inclusive_scan: y[{i}] = {v}, want {acc}"));
            }
        }
        Ok(())
    })();
    rep.record(
        "u32 tabulate + reduce + inclusive_scan beyond 2^31",
        n,
        outcome,
    );
}
