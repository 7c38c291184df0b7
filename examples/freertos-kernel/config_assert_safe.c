// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// configASSERT failing is a property violation, although the application's configASSERT
// (FreeRTOSConfig.h) only masks interrupts and loops forever. The producer counts modulo 3,
// so the consumer's assertion that every item is below 3 holds.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"

QueueHandle_t queue;

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSend(queue, &next, portMAX_DELAY);
    next = (next + 1) % 3;
  }
}

void consumer(void *p) {
  int item;
  for (;;) {
    BaseType_t ok = xQueueReceive(queue, &item, portMAX_DELAY);
    configASSERT(ok == pdPASS);
    configASSERT(item < 3);
  }
}

int main(void) {
  queue = xQueueCreate(1, sizeof(int));
  configASSERT(queue != NULL);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
