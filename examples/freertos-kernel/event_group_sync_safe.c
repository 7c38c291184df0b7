// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Event-group rendezvous: three workers (priorities 1, 2, 3) each finish phase 1, then meet at
// xEventGroupSync (set my bit, wait for all three, clear them on the way out); after the
// rendezvous every worker checks that all three finished phase 1. The last worker to arrive
// sets the last bit: xEventGroupSync returns at once for it and wakes the other two.
// Every worker waits at the rendezvous with xEventGroupSync.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>

#define BIT_0 (1U << 0)
#define BIT_1 (1U << 1)
#define BIT_2 (1U << 2)
#define ALL_BITS (BIT_0 | BIT_1 | BIT_2)

EventGroupHandle_t group;
int phase1_done;

void worker(void *p) {
  EventBits_t me = (EventBits_t)(uintptr_t)p;
  phase1_done++;
  xEventGroupSync(group, me, ALL_BITS, portMAX_DELAY);
  if (phase1_done != 3)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  group = xEventGroupCreate();
  xTaskCreate(worker, "w0", configMINIMAL_STACK_SIZE, (void *)(uintptr_t)BIT_0, 3, NULL);
  xTaskCreate(worker, "w1", configMINIMAL_STACK_SIZE, (void *)(uintptr_t)BIT_1, 2, NULL);
  xTaskCreate(worker, "w2", configMINIMAL_STACK_SIZE, (void *)(uintptr_t)BIT_2, 1, NULL);
  vTaskStartScheduler();
  return 0;
}
