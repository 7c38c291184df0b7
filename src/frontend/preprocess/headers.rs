//! schedmc's shipped headers (`include/` in the repository), embedded into the binary.

/// (name, text) of every shipped header, as found by `#include <name>`.
pub const SHIPPED_HEADERS: &[(&str, &str)] = &[
    ("assert.h", include_str!("../../../include/assert.h")),
    ("stdint.h", include_str!("../../../include/stdint.h")),
    ("stdbool.h", include_str!("../../../include/stdbool.h")),
    ("stddef.h", include_str!("../../../include/stddef.h")),
    ("limits.h", include_str!("../../../include/limits.h")),
    ("stdlib.h", include_str!("../../../include/stdlib.h")),
    ("verifier.h", include_str!("../../../include/verifier.h")),
    ("pthread.h", include_str!("../../../include/pthread.h")),
    ("freertos.h", include_str!("../../../include/freertos.h")),
    ("FreeRTOS.h", include_str!("../../../include/FreeRTOS.h")),
    ("task.h", include_str!("../../../include/task.h")),
    ("semphr.h", include_str!("../../../include/semphr.h")),
    ("queue.h", include_str!("../../../include/queue.h")),
    ("systemc.h", include_str!("../../../include/systemc.h")),
];

/// The shipped header called `name` (as written in `#include <name>`), if any.
pub fn shipped_header(name: &str) -> Option<(&'static str, &'static str)> {
    SHIPPED_HEADERS.iter().copied().find(|(n, _)| *n == name)
}
