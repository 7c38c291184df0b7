// expect: SUCCESSFUL
// A producer task sends sequence numbers 0, 1, 2, ... into a FreeRTOS queue of length 2; a
// consumer task of higher priority receives them, blocking while the queue is empty, and
// checks that they arrive in order (the queue is a FIFO and no item is lost).
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
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
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
