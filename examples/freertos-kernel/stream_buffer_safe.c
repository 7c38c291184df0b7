// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A statically allocated stream buffer (xStreamBufferCreateStatic of 9 bytes holds 8: the
// kernel's ring keeps one byte free) carries two 32-bit readings from a producer that waits
// for room to a consumer of higher priority that waits for 4 bytes (its trigger level); each
// reading arrives whole, in order, and the byte counts the kernel reports agree.
#include "FreeRTOS.h"
#include "task.h"
#include "stream_buffer.h"
#include <verifier.h>

static uint8_t storage[9];
static StaticStreamBuffer_t sb_struct;
StreamBufferHandle_t stream;

void producer(void *p) {
  uint32_t reading = 0x0a0b0c0du;
  for (int i = 0; i < 2; i++) {
    if (xStreamBufferSend(stream, &reading, sizeof reading, portMAX_DELAY) != sizeof reading)
      reach_error();
    reading += 0x10u;
  }
  vTaskDelete(NULL);
}

void consumer(void *p) {
  uint32_t expected = 0x0a0b0c0du;
  uint32_t got;
  for (int i = 0; i < 2; i++) {
    size_t n = xStreamBufferReceive(stream, &got, sizeof got, portMAX_DELAY);
    if (n != sizeof got || got != expected)
      reach_error();
    if (xStreamBufferBytesAvailable(stream) + xStreamBufferSpacesAvailable(stream) != 8)
      reach_error();
    expected += 0x10u;
  }
  vTaskDelete(NULL);
}

int main(void) {
  stream = xStreamBufferCreateStatic(sizeof storage, 4, storage, &sb_struct);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
