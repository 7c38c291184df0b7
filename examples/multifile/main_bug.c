// expect: FAILED
// args: --engine bmc -I examples/multifile/inc examples/multifile/uart.c examples/multifile/ring.c
#include <assert.h>
#include "ring.h"

int main(void) {
    uint8_t b = 0;
    for (int i = 0; i < 6; i++)
        uart_rx_isr((uint8_t)(10 + i));
    /* bytes 14 and 15 were dropped: the fifth read finds the ring empty */
    for (int i = 0; i < 5; i++)
        assert(uart_read(&b));
    return 0;
}
