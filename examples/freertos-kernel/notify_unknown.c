// expect: UNKNOWN
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Direct-to-task notifications (xTaskNotifyGive is xTaskGenericNotify, ulTaskNotifyTake is
// ulTaskGenericNotifyTake) are not mapped yet: a warning names them and the verdict, which
// depends on them, is UNKNOWN (treating them as arbitrary external calls could be wrong
// either way).
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

TaskHandle_t consumer_handle;
int produced, consumed;

void producer(void *p) {
  for (;;) {
    produced++;
    xTaskNotifyGive(consumer_handle);
    vTaskDelay(1);
  }
}

void consumer(void *p) {
  for (;;) {
    ulTaskNotifyTake(pdTRUE, portMAX_DELAY);
    consumed++;
    if (consumed > produced)
      reach_error();
  }
}

int main(void) {
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, &consumer_handle);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
