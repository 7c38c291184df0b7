// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// ulTaskNotifyValueClear(xTask, ulBitsToClear) returns the notification value before the
// bits were cleared; bits not in the mask stay set.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
static TaskHandle_t rx;
void irqsim(void *p) {
  xTaskNotify(rx, 0x05, eSetBits);
  vTaskDelete(NULL);
}
void rx_task(void *p) {
  /* runs after irqsim (higher priority) has notified and ended */
  uint32_t before = ulTaskNotifyValueClear(NULL, 0x01);
  if (before != 0x05)
    reach_error();
  uint32_t after = ulTaskNotifyValueClear(NULL, 0);
  if (after != 0x04)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(rx_task, "rx", configMINIMAL_STACK_SIZE, NULL, 1, &rx);
  xTaskCreate(irqsim, "irq", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
