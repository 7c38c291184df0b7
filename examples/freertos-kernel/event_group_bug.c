// expect: FAILED
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Event groups: two sensor tasks (priorities 1 and 2) publish a reading each and set their bit
// in an event group (xEventGroupSetBits); the fusion task (priority 3) waits for the bits with
// clear-on-exit (xEventGroupWaitBits), checks the bits it was woken with, that both readings
// are there, and that the bits it waited for were cleared (xEventGroupGetBits is
// xEventGroupClearBits(g, 0)).
// Bug: the fusion task waits for any of its bits (xWaitForAllBits pdFALSE) and may run with one reading missing.
#include "FreeRTOS.h"
#include "task.h"
#include "event_groups.h"
#include <verifier.h>

#define BIT_A (1U << 0)
#define BIT_B (1U << 1)

EventGroupHandle_t group;
int reading_a, reading_b;

void sensor_a(void *p) {
  reading_a = 17;
  xEventGroupSetBits(group, BIT_A);
  vTaskDelete(NULL);
}

void sensor_b(void *p) {
  reading_b = 25;
  xEventGroupSetBits(group, BIT_B);
  vTaskDelete(NULL);
}

void fusion(void *p) {
  EventBits_t bits = xEventGroupWaitBits(group, BIT_A | BIT_B, pdTRUE, pdFALSE, portMAX_DELAY);
  if ((bits & (BIT_A | BIT_B)) == 0)
    reach_error();
  if (reading_a + reading_b != 42)
    reach_error();
  if ((xEventGroupGetBits(group) & bits & (BIT_A | BIT_B)) != 0)
    reach_error();
  vTaskDelete(NULL);
}

int main(void) {
  group = xEventGroupCreate();
  xTaskCreate(fusion, "fusion", configMINIMAL_STACK_SIZE, NULL, 3, NULL);
  xTaskCreate(sensor_a, "a", configMINIMAL_STACK_SIZE, NULL, 1, NULL);
  xTaskCreate(sensor_b, "b", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
