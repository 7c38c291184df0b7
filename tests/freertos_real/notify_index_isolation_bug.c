// expect: FAILED
// The receiver waits on index 1, so the notification on index 1 wakes it (value 0x1) before
// the sender notifies index 2; it expected the bits of index 2.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
TaskHandle_t rx_h;
void receiver(void *p) {
  uint32_t v = 0;
  xTaskNotifyWaitIndexed(1, 0, 0xffffffffUL, &v, portMAX_DELAY);
  if (v != 0x4)
    reach_error();
  if (ulTaskNotifyTakeIndexed(1, pdTRUE, 0) != 0x1)
    reach_error();
  vTaskDelete(NULL);
}
void sender(void *p) {
  xTaskNotifyIndexed(rx_h, 1, 0x1, eSetBits);
  xTaskNotifyIndexed(rx_h, 2, 0x4, eSetBits);
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 2, &rx_h);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
