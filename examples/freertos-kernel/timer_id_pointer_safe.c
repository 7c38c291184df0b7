// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// A timer's ID is a pointer (as in the kernel's StaticAllocation demo): two auto-reload timers
// share one callback, which counts each expiry in the counter its timer's ID points to, read
// and written through pvTimerGetTimerID. The second timer's ID is changed with
// vTimerSetTimerID before the scheduler starts. The worker checks that the first counter never
// runs ahead of its limit and that the retired counter is never touched.
#include "FreeRTOS.h"
#include "task.h"
#include "timers.h"
#include <verifier.h>

int count_a, count_b, retired;

void on_timer(TimerHandle_t t) {
  int *c = (int *)pvTimerGetTimerID(t);
  if (*c < 2)
    *c = *c + 1;
  else
    xTimerStop(t, 0);
}

void worker(void *p) {
  vTaskDelay(30);
  if (count_a > 2 || count_b > 2 || retired != 0)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  TimerHandle_t a = xTimerCreate("a", 5, pdTRUE, (void *)&count_a, on_timer);
  TimerHandle_t b = xTimerCreate("b", 7, pdTRUE, (void *)&retired, on_timer);
  vTimerSetTimerID(b, (void *)&count_b);
  xTimerStart(a, 0);
  xTimerStart(b, 0);
  xTaskCreate(worker, "worker", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
