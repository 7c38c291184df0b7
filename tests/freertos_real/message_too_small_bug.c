// expect: FAILED
// A message buffer delivers whole messages: a receive into a 4-byte buffer of a 6-byte
// message returns 0, not the first 4 bytes as this receiver assumes.
#include "FreeRTOS.h"
#include "task.h"
#include "message_buffer.h"
#include <verifier.h>
MessageBufferHandle_t mb;
void sender(void *p) {
  uint8_t msg[6] = {1, 2, 3, 4, 5, 6};
  xMessageBufferSend(mb, msg, 6, portMAX_DELAY);
  vTaskDelete(NULL);
}
void receiver(void *p) {
  uint8_t small[4], big[8];
  vTaskDelay(1);
  size_t n = xMessageBufferReceive(mb, small, sizeof(small), 0);
  if (n != 4)
    reach_error();
  n = xMessageBufferReceive(mb, big, sizeof(big), 0);
  if (n != 6 || big[5] != 6)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  mb = xMessageBufferCreate(32);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
