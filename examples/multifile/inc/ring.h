/* A byte ring buffer shared by the UART driver and the application. */
#ifndef RING_H
#define RING_H
#include <stdint.h>

#define RING_SIZE 4u

typedef struct {
    uint8_t buf[RING_SIZE];
    unsigned head, tail, count;
} ring_t;

void ring_init(ring_t *r);
int ring_put(ring_t *r, uint8_t b);
int ring_get(ring_t *r, uint8_t *b);

/* Errors counted by the driver (defined in uart.c). */
extern unsigned uart_overruns;

void uart_rx_isr(uint8_t byte);
int uart_read(uint8_t *out);
#endif
