// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* eSetValueWithoutOverwrite fails while a notification is pending: the receiver sees the first value. */
TaskHandle_t rx;
BaseType_t second;
void sender(void *p) {
  if (xTaskNotify(rx, 1, eSetValueWithoutOverwrite) != pdPASS)
    reach_error();
  second = xTaskNotify(rx, 2, eSetValueWithoutOverwrite);
  vTaskDelete(NULL);
}
void receiver(void *p) {
  uint32_t v = 0;
  xTaskNotifyWait(0, 0xffffffffUL, &v, portMAX_DELAY);
  if (second != pdFAIL)
    reach_error();
  if (v != 2) /* expects the latest value */
    reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  xTaskCreate(receiver, "rx", configMINIMAL_STACK_SIZE, NULL, 1, &rx);
  xTaskCreate(sender, "tx", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
