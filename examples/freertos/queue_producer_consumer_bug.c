// expect: FAILED
// A producer task sends sequence numbers 0, 1, 2, ... into a FreeRTOS queue of length 2; a
// consumer task of higher priority receives them and checks that they arrive in order.
// Bug: the consumer polls the queue (block time 0) and ignores the result: when the queue is
// empty xQueueReceive fails and leaves `item` unchanged, so the consumer processes the
// previous item (or an uninitialised one) again.
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
  int item = 0;
  for (;;) {
    xQueueReceive(queue, &item, 0);
    if (item != expected)
      reach_error();
    expected += 1;
    vTaskDelay(1);
  }
}

int main(void) {
  queue = xQueueCreate(2, sizeof(int));
  xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
