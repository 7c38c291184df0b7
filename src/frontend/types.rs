//! C types and their sizes under a target profile; integer promotions and conversions.
