//! The streams a thread's work goes to: the [`Stream::run`](super::Stream::run) scopes running
//! on this thread, innermost last. An operation on a device queues on the innermost scope's
//! stream of that device, or on the legacy default stream when no scope of that device runs.

use super::slot::StreamSlot;
use crate::context::Device;
use std::cell::RefCell;

thread_local! {
    /// The slots of the [`Stream::run`](super::Stream::run) scopes running on this thread.
    static RUNNING: RefCell<Vec<&'static StreamSlot>> = const { RefCell::new(Vec::new()) };
}

/// The stream slot of the innermost scope of `dev` running on this thread, if any.
pub(crate) fn slot_of(dev: &Device) -> Option<&'static StreamSlot> {
    RUNNING.with(|r| {
        r.borrow()
            .iter()
            .rev()
            .copied()
            .find(|s| core::ptr::eq(s.device(), dev))
    })
}

/// Enters `slot`'s scope on this thread until the returned guard drops (also on unwind).
pub(super) fn enter(slot: &'static StreamSlot) -> Leave {
    RUNNING.with(|r| r.borrow_mut().push(slot));
    Leave(())
}

/// Leaves the innermost scope when dropped.
pub(super) struct Leave(());

impl Drop for Leave {
    fn drop(&mut self) {
        RUNNING.with(|r| {
            r.borrow_mut().pop();
        });
    }
}
