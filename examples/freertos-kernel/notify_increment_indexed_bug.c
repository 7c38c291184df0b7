// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* Indexed notifications are independent: two eIncrement on index 1 make its count 2, the
   value written to index 0 stays there. */
TaskHandle_t rx;
void sender(void *p) {
  xTaskNotifyIndexed(rx, 1, 0, eIncrement);
  xTaskNotifyIndexed(rx, 1, 0, eIncrement);
  xTaskNotifyIndexed(rx, 0, 5, eSetValueWithOverwrite);
  vTaskDelete(NULL);
}
void receiver(void *p) {
  uint32_t n = ulTaskNotifyTakeIndexed(0, pdTRUE, portMAX_DELAY); /* wrong index */
  if (n != 2)
    reach_error();
  uint32_t v;
  if (xTaskNotifyWaitIndexed(0, 0, 0xffffffffUL, &v, 0) != pdTRUE || v != 5)
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 1, &rx);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
