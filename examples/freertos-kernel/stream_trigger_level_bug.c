// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Stream buffer with a trigger level of 4 bytes: a reader blocked in xStreamBufferReceive
// is unblocked only when 4 bytes are in the buffer (FreeRTOS docs: "the trigger level is the
// number of bytes that must be in the stream buffer before a task that is blocked on the
// stream buffer ... is moved out of the Blocked state"). The writer sends 2 bytes twice: the
// higher-priority reader wakes after the second send and receives 4.
#include "FreeRTOS.h"
#include "task.h"
#include "stream_buffer.h"
#include <verifier.h>
static StreamBufferHandle_t sb;
void writer(void *p) {
  uint8_t b[2] = {1, 2};
  xStreamBufferSend(sb, b, 2, portMAX_DELAY);
  xStreamBufferSend(sb, b, 2, portMAX_DELAY);
  vTaskDelete(NULL);
}
void reader(void *p) {
  uint8_t r[8];
  size_t n = xStreamBufferReceive(sb, r, sizeof r, portMAX_DELAY);
  if (n != 4 || r[2] != 1 || r[3] != 2)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  sb = xStreamBufferCreate(16, 1); // bug: trigger level 1, the reader wakes at 2 bytes
  configASSERT(sb != NULL);
  xTaskCreate(writer, "wr", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(reader, "rd", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
