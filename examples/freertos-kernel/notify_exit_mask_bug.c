// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* eSetBits accumulates; xTaskNotifyWait clears only the exit mask; ulTaskNotifyValueClear returns the value before clearing. */
TaskHandle_t rx;
void sender(void *p) {
  xTaskNotify(rx, 0x1, eSetBits);
  xTaskNotify(rx, 0x2, eSetBits);
  vTaskDelete(NULL);
}
void receiver(void *p) {
  uint32_t v = 0;
  if (xTaskNotifyWait(0, 0x1, &v, portMAX_DELAY) != pdTRUE)
    reach_error();
  if (v != 0x3)
    reach_error();
  /* nothing pending any more: a wait without blocking fails */
  if (xTaskNotifyWait(0, 0, &v, 0) != pdFALSE)
    reach_error();
  uint32_t left = ulTaskNotifyValueClear(NULL, 0xffffffffUL);
  if (left != 0) /* assumes the exit mask cleared every bit */
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 1, &rx);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
