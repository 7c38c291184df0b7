//! The certificate ESST hands over with a SUCCESSFUL verdict: the nodes of its complete ARF
//! (control class, data region over the engine's constants, the threads partial-order
//! reduction explored at each) for the independent checker `crate::check::esst`. Predicate
//! mode gives every node with its regions; Impact (`impact.rs`) the nodes that are neither
//! covered (nor below a covered node) nor labelled FALSE, with their labels.

use super::{Esst, Node};
use crate::check::esst::{ArfCertificate, ArfNode};
use crate::check::{Certificate, Labels};
use crate::smt::Term;

impl Esst<'_> {
    /// The certificate of the complete ARF `nodes` (the last construction's).
    pub(super) fn certificate(&self, nodes: &[Node]) -> Certificate {
        let region = |i: usize| Some(nodes[i].regions.to_term(&self.preds));
        self.certificate_with(nodes, "ESST", &region)
    }

    /// The certificate of the nodes `nodes` for which `region` gives a data region.
    pub(super) fn certificate_with(
        &self,
        nodes: &[Node],
        engine: &'static str,
        region: &dyn Fn(usize) -> Option<Term>,
    ) -> Certificate {
        let explored = &self.por_totals.explored;
        let arf = ArfCertificate {
            spec: self.spec.clone(),
            max_threads: nodes.first().map_or(0, |n| n.sched.max_threads),
            program: (self.prog.vars.len() > self.ghosts.orig_vars)
                .then(|| Box::new(self.prog.clone())),
            queue_slots: {
                let mut s: Vec<_> = self.ghosts.slots.iter().map(|(k, v)| (*k, *v)).collect();
                s.sort();
                s
            },
            // `super::GLOBAL` and `check::esst::SHARED` are both u8::MAX
            canon: self.canon.iter().map(|(k, t)| (*k, *t)).collect(),
            nodes: nodes
                .iter()
                .enumerate()
                .filter_map(|(i, n)| {
                    Some(ArfNode {
                        locs: n.locs.clone(),
                        sched: n.sched.clone(),
                        scheduled: n.scheduled,
                        region: region(i)?,
                        explored: explored.get(i).cloned().flatten(),
                    })
                })
                .collect(),
        };
        Certificate {
            engine,
            sem: self.enc.sem,
            labels: Labels::Threaded(Box::new(arf)),
            k: 1,
            exhaustive: false,
        }
    }
}

const _: () = assert!(super::GLOBAL == crate::check::esst::SHARED);
