#include "ring.h"

/* private to this unit: uart.c has its own `next` */
static unsigned next(unsigned i) { return (i + 1u) % RING_SIZE; }

void ring_init(ring_t *r) { r->head = r->tail = r->count = 0; }

int ring_put(ring_t *r, uint8_t b) {
    if (r->count == RING_SIZE)
        return 0;
    r->buf[r->head] = b;
    r->head = next(r->head);
    r->count++;
    return 1;
}

int ring_get(ring_t *r, uint8_t *b) {
    if (r->count == 0)
        return 0;
    *b = r->buf[r->tail];
    r->tail = next(r->tail);
    r->count--;
    return 1;
}
