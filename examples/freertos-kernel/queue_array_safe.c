// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Per-channel queues in an array (QueueHandle_t q[3]) and task handles in an array, created
// in a loop; each worker gets its channel number as its parameter and answers on its queue.
#include "FreeRTOS.h"
#include "task.h"
#include "queue.h"
#include <verifier.h>
#define N 3
static QueueHandle_t q[N];
static TaskHandle_t h[N];
void worker(void *p) {
  int ch = (int)(intptr_t)p;
  int v = ch * 10;
  xQueueSend(q[ch], &v, portMAX_DELAY);
  vTaskSuspend(NULL);
}
void collector(void *p) {
  for (int i = 0; i < N; i++) {
    int v;
    xQueueReceive(q[i], &v, portMAX_DELAY);
    if (v != i * 10)
      reach_error();
  }
  for (int i = 0; i < N; i++)
    if (eTaskGetState(h[i]) != eSuspended)
      reach_error();
  vTaskDelete(NULL);
}
int main(void) {
  for (int i = 0; i < N; i++) {
    q[i] = xQueueCreate(1, sizeof(int));
    configASSERT(q[i] != NULL);
    xTaskCreate(worker, "wk", configMINIMAL_STACK_SIZE, (void *)(intptr_t)i, 2, &h[i]);
  }
  xTaskCreate(collector, "col", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
