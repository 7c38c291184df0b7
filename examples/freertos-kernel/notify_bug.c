// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Direct-to-task notifications as a light counting semaphore: a producer (priority 2) makes
// two events and notifies the consumer for each (xTaskNotifyGive is xTaskGenericNotify with
// eIncrement), then deletes itself; the consumer (priority 1) takes the count (ulTaskNotifyTake is
// ulTaskGenericNotifyTake) and handles that many events. It checks that it never handled more
// events than were made. Bug: the consumer takes with pdFALSE, which only decrements the count, yet handles all counted events: the next take counts them again.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

TaskHandle_t consumer_handle;
int produced, consumed;

void producer(void *p) {
  produced++;
  xTaskNotifyGive(consumer_handle);
  produced++;
  xTaskNotifyGive(consumer_handle);
  vTaskDelete(NULL);
}

void consumer(void *p) {
  for (;;) {
    uint32_t n = ulTaskNotifyTake(pdFALSE, portMAX_DELAY);
    consumed += n;
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
