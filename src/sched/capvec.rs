//! `CapVec<T, N>`: a vector with a fixed capacity bound, stored on the heap.
//!
//! The scheduler state bounds its object tables (events, mutexes, queues, SystemC wait lists)
//! so that exceeding a bound is a reported capacity error rather than unbounded growth. The
//! tables used to be `heapless::Vec`s, whose capacity is stored inline: every scheduler state
//! then occupied about 7 KB whatever it held, and an ESST node, its cover-index key and every
//! successor waiting for partial-order reduction each carried a copy (1.6 GB on a task with 51
//! threads). A `CapVec` keeps the same interface (a `push` that fails when full) but occupies
//! only what it holds; an empty table costs no allocation.

use std::ops::{Deref, DerefMut};

/// A vector of at most `N` elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CapVec<T, const N: usize>(Vec<T>);

impl<T, const N: usize> Default for CapVec<T, N> {
    fn default() -> Self {
        CapVec(Vec::new())
    }
}

impl<T, const N: usize> CapVec<T, N> {
    pub const fn new() -> Self {
        CapVec(Vec::new())
    }
    /// Appends `x`, or gives it back when the vector holds `N` elements already.
    pub fn push(&mut self, x: T) -> Result<(), T> {
        if self.0.len() >= N {
            return Err(x);
        }
        self.0.push(x);
        Ok(())
    }
    /// Inserts `x` at `i`, or gives it back when full.
    pub fn insert(&mut self, i: usize, x: T) -> Result<(), T> {
        if self.0.len() >= N {
            return Err(x);
        }
        self.0.insert(i, x);
        Ok(())
    }
    pub fn is_full(&self) -> bool {
        self.0.len() >= N
    }
    pub const fn capacity(&self) -> usize {
        N
    }
    pub fn pop(&mut self) -> Option<T> {
        self.0.pop()
    }
    pub fn remove(&mut self, i: usize) -> T {
        self.0.remove(i)
    }
    pub fn swap_remove(&mut self, i: usize) -> T {
        self.0.swap_remove(i)
    }
    pub fn retain(&mut self, f: impl FnMut(&T) -> bool) {
        self.0.retain(f)
    }
    pub fn retain_mut(&mut self, f: impl FnMut(&mut T) -> bool) {
        self.0.retain_mut(f)
    }
    pub fn clear(&mut self) {
        self.0.clear()
    }
    pub fn truncate(&mut self, n: usize) {
        self.0.truncate(n)
    }
}

impl<T, const N: usize> Deref for CapVec<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T, const N: usize> DerefMut for CapVec<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a CapVec<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a mut CapVec<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

impl<T, const N: usize> IntoIterator for CapVec<T, N> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::CapVec;

    #[test]
    fn push_fails_when_full_and_keeps_contents() {
        let mut v: CapVec<u8, 2> = CapVec::new();
        assert_eq!(v.push(1), Ok(()));
        assert_eq!(v.push(2), Ok(()));
        assert!(v.is_full());
        assert_eq!(v.push(3), Err(3));
        assert_eq!(v.insert(0, 4), Err(4));
        assert_eq!(&v[..], &[1, 2]);
        v.remove(0);
        assert_eq!(v.push(5), Ok(()));
        assert_eq!(&v[..], &[2, 5]);
    }

    #[test]
    fn small_when_empty() {
        assert!(std::mem::size_of::<CapVec<[u8; 64], 32>>() <= 3 * std::mem::size_of::<usize>());
    }
}
