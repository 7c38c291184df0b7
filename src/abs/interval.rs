//! Interval analysis over the IR (widening at loop heads).
