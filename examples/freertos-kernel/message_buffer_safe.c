// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A sender that never blocks checks the room first: a message of 6 bytes needs 6 bytes plus
// the length prefix (sizeof(size_t), configMESSAGE_BUFFER_LENGTH_TYPE's default), and with
// that much free the send cannot fail; a receiver of higher priority drains the messages
// whole. The message is delivered with its bytes.
#include "FreeRTOS.h"
#include "task.h"
#include "message_buffer.h"
#include <verifier.h>

MessageBufferHandle_t mb;

void sender(void *p) {
  uint8_t msg[6] = {1, 2, 3, 4, 5, 6};
  for (int i = 0; i < 3; i++) {
    if (xMessageBufferSpacesAvailable(mb) >= sizeof msg + sizeof(size_t)) {
      if (xMessageBufferSend(mb, msg, sizeof msg, 0) != sizeof msg)
        reach_error();
    }
    vTaskDelay(1);
  }
  vTaskDelete(NULL);
}

void receiver(void *p) {
  uint8_t buf[8];
  for (;;) {
    size_t n = xMessageBufferReceive(mb, buf, sizeof buf, portMAX_DELAY);
    if (n != 6 || buf[0] != 1 || buf[5] != 6)
      reach_error();
  }
}

int main(void) {
  mb = xMessageBufferCreate(16);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
