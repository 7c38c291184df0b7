// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A producer sends 0, 1, 2, ... into a queue of length 2 (xQueueSend is
// xQueueGenericSend(.., queueSEND_TO_BACK)); a higher-priority consumer blocks on it and checks
// that the items arrive in order.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>

QueueHandle_t queue;

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSend(queue, &next, portMAX_DELAY);
    next += 1;
  }
}

void consumer(void *p) {
  int expected = 0;
  int item;
  for (;;) {
    if (xQueueReceive(queue, &item, portMAX_DELAY) == pdPASS) {
      if (item != expected)
        reach_error();
      expected += 1;
    }
  }
}

int main(void) {
  queue = xQueueCreate(2, sizeof(int));
  configASSERT(queue != NULL);
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
