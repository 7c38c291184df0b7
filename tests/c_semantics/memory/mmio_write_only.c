// expect: SUCCESSFUL
// cc: skip writes a fixed hardware address
// Writes to a peripheral register change no program variable.
#include <assert.h>
#include <stdint.h>

#define GPIOA_ODR (*(volatile uint32_t *)0x40020014u)

int x = 3;

int main(void) {
    GPIOA_ODR = 0xFFFFFFFFu;
    assert(x == 3);
    uint32_t r = GPIOA_ODR;
    (void)r;
    assert(x == 3);
    return 0;
}
