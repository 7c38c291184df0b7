// expect: SUCCESSFUL
// A message buffer keeps messages whole: a sender task writes a 3-byte command and a 1-byte
// command (each with its length prefix) into a FreeRTOS message buffer, waiting for room; a
// receiver task of higher priority receives each message whole, with its length, into a
// buffer large enough for any of them, and checks the bytes.
#include <FreeRTOS.h>
#include <task.h>
#include <message_buffer.h>
#include <verifier.h>

MessageBufferHandle_t mb;

void sender(void *p) {
  uint8_t move[3] = {'M', 10, 20};
  uint8_t stop[1] = {'S'};
  for (int i = 0; i < 2; i++) {
    xMessageBufferSend(mb, move, sizeof move, portMAX_DELAY);
    xMessageBufferSend(mb, stop, sizeof stop, portMAX_DELAY);
  }
  vTaskDelete(NULL);
}

void receiver(void *p) {
  uint8_t cmd[4];
  for (int i = 0; i < 4; i++) {
    size_t n = xMessageBufferReceive(mb, cmd, sizeof cmd, portMAX_DELAY);
    if (i % 2 == 0) {
      if (n != 3 || cmd[0] != 'M' || cmd[1] != 10 || cmd[2] != 20)
        reach_error();
    } else if (n != 1 || cmd[0] != 'S') {
      reach_error();
    }
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
