// expect: SUCCESSFUL
// args: --engine bmc -I examples/multifile/inc examples/multifile/uart.c examples/multifile/ring.c
#include <assert.h>
#include "ring.h"

static int rx = 7; /* not the driver's buffer */

int main(void) {
    uint8_t b;
    for (int i = 0; i < 6; i++)
        uart_rx_isr((uint8_t)(10 + i));
    assert(uart_overruns == 2u); /* a ring of 4 keeps the first four bytes */
    assert(uart_read(&b) && b == 10);
    assert(uart_read(&b) && b == 11);
    assert(rx == 7);
    return 0;
}
