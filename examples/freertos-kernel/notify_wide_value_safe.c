// expect: SUCCESSFUL
// args: -I examples/freertos-kernel/include -I examples/freertos-kernel/port -I examples/freertos-kernel
// Notification values are the kernel's uint32_t (the TaskNotify demo's pattern): the sender
// (priority 2) overwrites the receiver's value with 100001, increments it five times and sets
// the top bit, then deletes itself; the receiver (priority 1) waits once and finds
// 0x80000000 | 100006. A second wait sees a value set without overwrite to 0xffffffff, which
// one more increment wraps to 0.
#include "FreeRTOS.h"
#include "task.h"
#include <verifier.h>

TaskHandle_t receiver_handle;

void sender(void *p) {
  xTaskNotify(receiver_handle, 100001UL, eSetValueWithOverwrite);
  for (int i = 0; i < 5; i++)
    xTaskNotify(receiver_handle, 0, eIncrement);
  xTaskNotify(receiver_handle, 0x80000000UL, eSetBits);
  vTaskDelay(2);
  xTaskNotify(receiver_handle, 0xffffffffUL, eSetValueWithoutOverwrite);
  xTaskNotifyGive(receiver_handle);
  vTaskDelete(NULL);
}

void receiver(void *p) {
  uint32_t v = 0;
  if (xTaskNotifyWait(0, 0xffffffffUL, &v, portMAX_DELAY) != pdPASS)
    reach_error();
  if (v != (0x80000000UL | 100006UL))
    reach_error();
  if (xTaskNotifyWait(0, 0, &v, portMAX_DELAY) != pdPASS)
    reach_error();
  if (v != 0)
    reach_error();
  for (;;)
    vTaskDelay(10);
}

int main(void) {
  xTaskCreate(receiver, "recv", configMINIMAL_STACK_SIZE, NULL, 1, &receiver_handle);
  xTaskCreate(sender, "send", configMINIMAL_STACK_SIZE, NULL, 2, NULL);
  vTaskStartScheduler();
  return 0;
}
