// expect: SUCCESSFUL
// A producer task writes three 32-bit readings into a FreeRTOS stream buffer of 8 bytes with a
// trigger level of 4, blocking until all four bytes of a reading fit; a consumer task of
// higher priority blocks until 4 bytes are there and reads them back into a 32-bit variable.
// Every reading arrives whole and in order (the bytes copied are checked).
#include <FreeRTOS.h>
#include <task.h>
#include <stream_buffer.h>
#include <verifier.h>

StreamBufferHandle_t stream;

void producer(void *p) {
  uint32_t reading = 0x11223344u;
  for (int i = 0; i < 3; i++) {
    xStreamBufferSend(stream, &reading, sizeof reading, portMAX_DELAY);
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
  stream = xStreamBufferCreate(8, 4);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
