//! Bounded model checking, falsification, incremental BMC and k-induction.
