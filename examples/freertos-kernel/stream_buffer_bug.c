// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A statically allocated stream buffer of N bytes holds only N - 1 (the kernel's ring keeps
// one byte free; only the dynamically allocated one adds that byte): a producer that sends two
// 4-byte readings without blocking into xStreamBufferCreateStatic(8, ..) gets only 3 bytes of
// the second one in, and the consumer reads a torn reading.
#include "FreeRTOS.h"
#include "task.h"
#include "stream_buffer.h"
#include <verifier.h>

static uint8_t storage[8];
static StaticStreamBuffer_t sb_struct;
StreamBufferHandle_t stream;

void producer(void *p) {
  uint32_t reading = 0x0a0b0c0du;
  for (int i = 0; i < 2; i++) {
    xStreamBufferSend(stream, &reading, sizeof reading, 0);
    reading += 0x10u;
  }
  vTaskDelete(NULL);
}

void consumer(void *p) {
  uint32_t got = 0;
  xStreamBufferReceive(stream, &got, sizeof got, portMAX_DELAY);
  if (got != 0x0a0b0c0du)
    reach_error();
  got = 0;
  xStreamBufferReceive(stream, &got, sizeof got, portMAX_DELAY);
  if (got != 0x0a0b0c1du)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  stream = xStreamBufferCreateStatic(sizeof storage, 1, storage, &sb_struct);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
