// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A message must fit with its length prefix: in a message buffer of 8 bytes an 8-byte message
// never fits (it needs 8 + sizeof(size_t)), so xMessageBufferSend returns 0 at once, even with
// portMAX_DELAY; the sender assumes it was sent.
#include "FreeRTOS.h"
#include "task.h"
#include "message_buffer.h"
#include <verifier.h>

MessageBufferHandle_t mb;

void sender(void *p) {
  uint8_t msg[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  if (xMessageBufferSend(mb, msg, sizeof msg, portMAX_DELAY) != sizeof msg)
    reach_error();
  vTaskDelete(NULL);
}

void receiver(void *p) {
  uint8_t buf[8];
  for (;;)
    xMessageBufferReceive(mb, buf, sizeof buf, portMAX_DELAY);
}

int main(void) {
  mb = xMessageBufferCreate(8);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
