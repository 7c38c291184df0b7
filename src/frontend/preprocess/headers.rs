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
    (
        "stream_buffer.h",
        include_str!("../../../include/stream_buffer.h"),
    ),
    (
        "message_buffer.h",
        include_str!("../../../include/message_buffer.h"),
    ),
    ("systemc.h", include_str!("../../../include/systemc.h")),
    ("string.h", include_str!("../../../include/string.h")),
    ("strings.h", include_str!("../../../include/strings.h")),
    ("ctype.h", include_str!("../../../include/ctype.h")),
    ("errno.h", include_str!("../../../include/errno.h")),
    ("stdarg.h", include_str!("../../../include/stdarg.h")),
    ("inttypes.h", include_str!("../../../include/inttypes.h")),
    ("stdio.h", include_str!("../../../include/stdio.h")),
    ("time.h", include_str!("../../../include/time.h")),
    ("signal.h", include_str!("../../../include/signal.h")),
    ("unistd.h", include_str!("../../../include/unistd.h")),
    ("sys/types.h", include_str!("../../../include/sys/types.h")),
    (
        "sys/select.h",
        include_str!("../../../include/sys/select.h"),
    ),
    ("sys/time.h", include_str!("../../../include/sys/time.h")),
    (
        "sys/socket.h",
        include_str!("../../../include/sys/socket.h"),
    ),
    ("math.h", include_str!("../../../include/math.h")),
    ("float.h", include_str!("../../../include/float.h")),
    ("complex.h", include_str!("../../../include/complex.h")),
    ("stdatomic.h", include_str!("../../../include/stdatomic.h")),
    ("threads.h", include_str!("../../../include/threads.h")),
    ("sched.h", include_str!("../../../include/sched.h")),
    ("semaphore.h", include_str!("../../../include/semaphore.h")),
    ("wchar.h", include_str!("../../../include/wchar.h")),
    ("uchar.h", include_str!("../../../include/uchar.h")),
    (
        "__schedmc_libc_common.h",
        include_str!("../../../include/libc/common.h"),
    ),
];

/// The shipped header called `name` (as written in `#include <name>`), if any.
pub fn shipped_header(name: &str) -> Option<(&'static str, &'static str)> {
    SHIPPED_HEADERS.iter().copied().find(|(n, _)| *n == name)
}
