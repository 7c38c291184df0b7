// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// As queue_safe.c, but the producer sends to the *front* of the queue (xQueueSendToFront is
// xQueueGenericSend(.., queueSEND_TO_FRONT)): with two items waiting, the newer one is
// received first.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>

QueueHandle_t queue;

void producer(void *p) {
  int next = 0;
  for (;;) {
    xQueueSendToFront(queue, &next, portMAX_DELAY);
    next += 1;
  }
}

void consumer(void *p) {
  int expected = 0;
  int item;
  for (;;) {
    vTaskDelay(2);
    if (xQueueReceive(queue, &item, portMAX_DELAY) == pdPASS) {
      if (item != expected)
        reach_error();
      expected += 1;
    }
  }
}

int main(void) {
  queue = xQueueCreate(2, sizeof(int));
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
