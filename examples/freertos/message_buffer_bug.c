// expect: FAILED
// Message buffers deliver whole messages only: the receiver's buffer holds 2 bytes, so a
// 3-byte command is not delivered (xMessageBufferReceive returns 0 and the message stays in
// the buffer), which the receiver, waiting with portMAX_DELAY, does not expect.
#include <FreeRTOS.h>
#include <task.h>
#include <message_buffer.h>
#include <verifier.h>

MessageBufferHandle_t mb;

void sender(void *p) {
  uint8_t stop[1] = {'S'};
  uint8_t move[3] = {'M', 10, 20};
  xMessageBufferSend(mb, stop, sizeof stop, portMAX_DELAY);
  xMessageBufferSend(mb, move, sizeof move, portMAX_DELAY);
  vTaskDelete(NULL);
}

void receiver(void *p) {
  uint8_t cmd[2];
  for (int i = 0; i < 2; i++) {
    size_t n = xMessageBufferReceive(mb, cmd, sizeof cmd, portMAX_DELAY);
    if (n == 0)
      reach_error();
  }
  vTaskDelete(NULL);
}

int main(void) {
  mb = xMessageBufferCreate(24);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
