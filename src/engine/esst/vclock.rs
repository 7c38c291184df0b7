//! Vector clocks over thread instances, for the happens-before relation of POR
//! (`super::por`): entry `t` is the number of transitions of instance `t` that happen before
//! (or are) the event the clock belongs to.

/// A vector clock indexed by thread instance.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct VClock(Vec<u32>);

impl VClock {
    pub fn new() -> VClock {
        VClock(Vec::new())
    }
    pub fn get(&self, t: u8) -> u32 {
        self.0.get(t as usize).copied().unwrap_or(0)
    }
    pub fn set(&mut self, t: u8, v: u32) {
        let i = t as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] = v;
    }
    /// Pointwise maximum.
    pub fn join(&mut self, o: &VClock) {
        if self.0.len() < o.0.len() {
            self.0.resize(o.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a = (*a).max(*b);
        }
    }
    /// True when the event `(t, idx)` happens before (or is) the owner of this clock.
    pub fn covers(&self, t: u8, idx: u32) -> bool {
        self.get(t) >= idx
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn join_and_covers() {
        let mut a = VClock::new();
        a.set(0, 2);
        let mut b = VClock::new();
        b.set(1, 3);
        b.set(0, 1);
        a.join(&b);
        assert_eq!(a.get(0), 2);
        assert_eq!(a.get(1), 3);
        assert_eq!(a.get(5), 0);
        assert!(a.covers(1, 3));
        assert!(!a.covers(1, 4));
        assert!(!a.covers(4, 1));
    }
}
