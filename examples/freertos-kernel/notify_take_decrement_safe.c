// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>
/* ulTaskNotifyTake(pdFALSE, ..) returns the count before it decrements it by one: the
   consumer handles one event per take. */
TaskHandle_t consumer_handle;
int produced, consumed;
void producer(void *p) {
  for (int i = 0; i < 3; i++) {
    produced++;
    xTaskNotifyGive(consumer_handle);
  }
  vTaskDelete(NULL);
}
void consumer(void *p) {
  for (;;) {
    uint32_t n = ulTaskNotifyTake(pdFALSE, portMAX_DELAY);
    if (n == 0)
      reach_error();
    consumed++;
    if (consumed > produced)
      reach_error();
  }
}
int main(void) {
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 1, &consumer_handle);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
