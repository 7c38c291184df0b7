// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Notification indices (configTASK_NOTIFICATION_ARRAY_ENTRIES 2): index 0 of the consumer is a
// control channel, index 1 says "data ready". The control task (priority 3) notifies index 0
// before anything else runs; the producer (priority 1) writes the data and notifies index 1
// (xTaskNotifyGiveIndexed is xTaskGenericNotify with the index); the consumer (priority 2)
// takes a notification (ulTaskNotifyTakeIndexed is ulTaskGenericNotifyTake) and checks the data.
// Afterwards it checks that the control notification is still there (xTaskNotifyStateClearIndexed
// is xTaskGenericNotifyStateClear: pdPASS when one was pending).
// Bug: the consumer waits on index 0, which the control task notifies before any data exists.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

#define CONTROL_INDEX 0
#define DATA_INDEX 1

TaskHandle_t consumer_handle;
int data;

void control(void *p) {
  xTaskNotifyGiveIndexed(consumer_handle, CONTROL_INDEX);
  vTaskDelete(NULL);
}

void producer(void *p) {
  data = 42;
  xTaskNotifyGiveIndexed(consumer_handle, DATA_INDEX);
  vTaskDelete(NULL);
}

void consumer(void *p) {
  uint32_t n = ulTaskNotifyTakeIndexed(CONTROL_INDEX, pdTRUE, portMAX_DELAY);
  if (n != 1 || data != 42)
    reach_error();
  if (xTaskNotifyStateClearIndexed(NULL, CONTROL_INDEX) != pdPASS)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, &consumer_handle);
  xTaskCreate(control, "ctrl", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
