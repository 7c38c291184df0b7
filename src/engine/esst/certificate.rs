//! The certificate ESST hands over with a SUCCESSFUL verdict: the nodes of its complete ARF
//! (control class, data region over the engine's constants, the threads partial-order
//! reduction explored at each) for the independent checker `crate::check::esst`.

use super::{Esst, Node};
use crate::check::esst::{ArfCertificate, ArfNode};
use crate::check::{Certificate, Labels};

impl Esst<'_> {
    /// The certificate of the complete ARF `nodes` (the last construction's).
    pub(super) fn certificate(&self, nodes: &[Node]) -> Certificate {
        let explored = &self.por_totals.explored;
        let arf = ArfCertificate {
            spec: self.spec.clone(),
            max_threads: nodes.first().map_or(0, |n| n.sched.max_threads),
            program: (self.prog.vars.len() > self.ghosts.orig_vars)
                .then(|| Box::new(self.prog.clone())),
            // `super::GLOBAL` and `check::esst::SHARED` are both u8::MAX
            canon: self.canon.iter().map(|(k, t)| (*k, *t)).collect(),
            nodes: nodes
                .iter()
                .enumerate()
                .map(|(i, n)| ArfNode {
                    locs: n.locs.clone(),
                    sched: n.sched.clone(),
                    scheduled: n.scheduled,
                    region: n.regions.to_term(&self.preds),
                    explored: explored.get(i).cloned().flatten(),
                })
                .collect(),
        };
        Certificate {
            engine: "ESST",
            sem: self.enc.sem,
            labels: Labels::Threaded(Box::new(arf)),
            k: 1,
            exhaustive: false,
        }
    }
}

const _: () = assert!(super::GLOBAL == crate::check::esst::SHARED);
