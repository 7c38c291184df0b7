// expect: SUCCESSFUL
// Two producer tasks are created in a loop with their handles in a task array; each gets a
// pointer to its own index and sends `index + 10` into its own queue of a queue array, then
// waits on its own semaphore of a semaphore array. The consumer receives from queue k and
// gives semaphore k, for k = 0, 1: it sees each producer's value in its own queue.
#include <FreeRTOS.h>
#include <task.h>
#include <queue.h>
#include <semphr.h>
#include <verifier.h>

#define N 2

QueueHandle_t queues[N];
SemaphoreHandle_t done[N];
TaskHandle_t tasks[N];
int params[N];

void producer(void *p) {
  int id = *(int *)p;
  int v = id + 10;
  xQueueSend(queues[id], &v, portMAX_DELAY);
  xSemaphoreTake(done[id], portMAX_DELAY);
  for (;;)
    vTaskDelay(1);
}

void consumer(void *p) {
  int item;
  for (int k = 0; k < N; k++) {
    xQueueReceive(queues[k], &item, portMAX_DELAY);
    if (item != k + 10)
      reach_error();
    xSemaphoreGive(done[k]);
  }
  for (;;)
    vTaskDelay(1);
}

int main(void) {
  for (int i = 0; i < N; i++) {
    queues[i] = xQueueCreate(1, sizeof(int));
    done[i] = xSemaphoreCreateBinary();
    params[i] = i;
  }
  for (int i = 0; i < N; i++)
    xTaskCreate(producer, "prod", configMINIMAL_STACK_SIZE, &params[i], 1, &tasks[i]);
  xTaskCreate(consumer, "cons", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
