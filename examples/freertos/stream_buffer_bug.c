// expect: FAILED
// A stream buffer is a byte stream, not a queue of items: the producer writes 32-bit readings
// without blocking into a buffer of 6 bytes, so the second reading, finding only 2 bytes
// free, is cut in half (xStreamBufferSend writes what fits and returns the count, which is
// ignored). The consumer, expecting whole readings in order, receives 2 bytes.
#include <FreeRTOS.h>
#include <task.h>
#include <stream_buffer.h>
#include <verifier.h>

StreamBufferHandle_t stream;

void producer(void *p) {
  uint32_t reading = 0x11223344u;
  for (int i = 0; i < 3; i++) {
    xStreamBufferSend(stream, &reading, sizeof reading, 0);
    reading += 0x01010101u;
  }
  vTaskDelete(NULL);
}

void consumer(void *p) {
  uint32_t expected = 0x11223344u;
  uint32_t got;
  for (int i = 0; i < 3; i++) {
    size_t n = xStreamBufferReceive(stream, &got, sizeof got, portMAX_DELAY);
    if (n != sizeof got || got != expected)
      reach_error();
    expected += 0x01010101u;
  }
  vTaskDelete(NULL);
}

int main(void) {
  stream = xStreamBufferCreate(6, 1);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
