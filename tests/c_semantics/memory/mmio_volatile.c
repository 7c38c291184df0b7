// expect: FAILED
// cc: skip reads a fixed hardware address
// A volatile read of a fixed address (a peripheral register) may return any value.
#include <assert.h>
#include <stdint.h>

#define GPIOA_IDR (*(volatile uint32_t *)0x40020010u)
#define GPIOA_ODR (*(volatile uint32_t *)0x40020014u)

int main(void) {
    GPIOA_ODR = 1;
    uint32_t v = GPIOA_IDR;
    assert(v == 0);
    return 0;
}
