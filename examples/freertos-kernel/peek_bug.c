// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A producer sends 0, 1, 0, 1, ... into a queue; a high-priority monitor looks at the next
// item every tick; the consumer receives the items and checks their order. Bug: the monitor receives instead of peeking and takes items away from the consumer.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>

QueueHandle_t queue;

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSend(queue, &next, portMAX_DELAY);
    next = 1 - next;
  }
}

void monitor(void *p) {
  int seen;
  for (;;) {
    xQueueReceive(queue, &seen, portMAX_DELAY); /* bug: removes the item */
    vTaskDelay(1);
  }
}

void consumer(void *p) {
  int expected = 0;
  int item;
  for (;;) {
    if (xQueueReceive(queue, &item, portMAX_DELAY) == pdPASS) {
      if (item != expected)
        reach_error();
      expected = 1 - expected;
    }
  }
}

int main(void) {
  queue = xQueueCreate(2, sizeof(int));
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  xTaskCreate(monitor, "monitor", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  vTaskStartScheduler();
  return 0;
}
