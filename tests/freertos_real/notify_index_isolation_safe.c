// expect: SUCCESSFUL
// Notification indices are independent: the receiver waits on index 2; a notification on
// index 1 does not wake it and stays pending there, readable with ulTaskNotifyTakeIndexed.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
TaskHandle_t rx_h;
void receiver(void *p) {
  uint32_t v = 0;
  xTaskNotifyWaitIndexed(2, 0, 0xffffffffUL, &v, portMAX_DELAY);
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
