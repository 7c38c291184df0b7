/* task.h -- tasks, delays and critical sections (the kernel's macro structure). */
#ifndef INC_TASK_H
#define INC_TASK_H

#ifndef INC_FREERTOS_H
#error "include FreeRTOS.h must appear in source files before include task.h"
#endif

#define tskIDLE_PRIORITY ((UBaseType_t)0U)

#define taskYIELD() portYIELD()
#define taskENTER_CRITICAL() portENTER_CRITICAL()
#define taskENTER_CRITICAL_FROM_ISR() portSET_INTERRUPT_MASK_FROM_ISR()
#define taskEXIT_CRITICAL() portEXIT_CRITICAL()
#define taskEXIT_CRITICAL_FROM_ISR(x) portCLEAR_INTERRUPT_MASK_FROM_ISR(x)
#define taskDISABLE_INTERRUPTS() portDISABLE_INTERRUPTS()
#define taskENABLE_INTERRUPTS() portENABLE_INTERRUPTS()

BaseType_t xTaskCreate(TaskFunction_t pxTaskCode, const char *const pcName,
                       const uint16_t usStackDepth, void *const pvParameters,
                       UBaseType_t uxPriority, TaskHandle_t *const pxCreatedTask);
void vTaskDelete(TaskHandle_t xTaskToDelete);
void vTaskDelay(const TickType_t xTicksToDelay);
BaseType_t xTaskDelayUntil(TickType_t *const pxPreviousWakeTime, const TickType_t xTimeIncrement);
#define vTaskDelayUntil(pxPreviousWakeTime, xTimeIncrement)                                   \
  do {                                                                                        \
    (void)xTaskDelayUntil((pxPreviousWakeTime), (xTimeIncrement));                            \
  } while (0)
void vTaskStartScheduler(void);
void vTaskSuspendAll(void);
BaseType_t xTaskResumeAll(void);
TickType_t xTaskGetTickCount(void);
UBaseType_t uxTaskPriorityGet(const TaskHandle_t xTask);
BaseType_t xTaskAbortDelay(TaskHandle_t xTask);
char *pcTaskGetName(TaskHandle_t xTaskToQuery);
TaskHandle_t xTaskGetHandle(const char *pcNameToQuery);
UBaseType_t uxTaskGetNumberOfTasks(void);
void vTaskPrioritySet(TaskHandle_t xTask, UBaseType_t uxNewPriority);
void vTaskSuspend(TaskHandle_t xTaskToSuspend);
void vTaskResume(TaskHandle_t xTaskToResume);

/* direct-to-task notifications: generic functions behind the public macros */
typedef enum { eNoAction = 0, eSetBits, eIncrement, eSetValueWithOverwrite, eSetValueWithoutOverwrite } eNotifyAction;
#define tskDEFAULT_INDEX_TO_NOTIFY (0)
BaseType_t xTaskGenericNotify(TaskHandle_t xTaskToNotify, UBaseType_t uxIndexToNotify,
                              uint32_t ulValue, eNotifyAction eAction,
                              uint32_t *pulPreviousNotificationValue);
uint32_t ulTaskGenericNotifyTake(UBaseType_t uxIndexToWaitOn, BaseType_t xClearCountOnExit,
                                 TickType_t xTicksToWait);
#define xTaskNotifyGive(xTaskToNotify)                                                        \
  xTaskGenericNotify((xTaskToNotify), (tskDEFAULT_INDEX_TO_NOTIFY), (0), eIncrement, NULL)
#define ulTaskNotifyTake(xClearCountOnExit, xTicksToWait)                                     \
  ulTaskGenericNotifyTake((tskDEFAULT_INDEX_TO_NOTIFY), (xClearCountOnExit), (xTicksToWait))
#define xTaskNotify(xTaskToNotify, ulValue, eAction)                                          \
  xTaskGenericNotify((xTaskToNotify), (tskDEFAULT_INDEX_TO_NOTIFY), (ulValue), (eAction), NULL)
BaseType_t xTaskGenericNotifyWait(UBaseType_t uxIndexToWaitOn, uint32_t ulBitsToClearOnEntry,
                                  uint32_t ulBitsToClearOnExit, uint32_t *pulNotificationValue,
                                  TickType_t xTicksToWait);
#define xTaskNotifyWait(ulBitsToClearOnEntry, ulBitsToClearOnExit, pulNotificationValue,      \
                        xTicksToWait)                                                         \
  xTaskGenericNotifyWait(tskDEFAULT_INDEX_TO_NOTIFY, (ulBitsToClearOnEntry),                  \
                         (ulBitsToClearOnExit), (pulNotificationValue), (xTicksToWait))
BaseType_t xTaskGenericNotifyFromISR(TaskHandle_t xTaskToNotify, UBaseType_t uxIndexToNotify,
                                     uint32_t ulValue, eNotifyAction eAction,
                                     uint32_t *pulPreviousNotificationValue,
                                     BaseType_t *pxHigherPriorityTaskWoken);
#define xTaskNotifyFromISR(xTaskToNotify, ulValue, eAction, pxHigherPriorityTaskWoken)        \
  xTaskGenericNotifyFromISR((xTaskToNotify), (tskDEFAULT_INDEX_TO_NOTIFY), (ulValue),         \
                            (eAction), NULL, (pxHigherPriorityTaskWoken))

/* the indexed API: the same generic functions with the caller's index */
#define xTaskNotifyGiveIndexed(xTaskToNotify, uxIndexToNotify)                                \
  xTaskGenericNotify((xTaskToNotify), (uxIndexToNotify), (0), eIncrement, NULL)
#define ulTaskNotifyTakeIndexed(uxIndexToWaitOn, xClearCountOnExit, xTicksToWait)             \
  ulTaskGenericNotifyTake((uxIndexToWaitOn), (xClearCountOnExit), (xTicksToWait))
#define xTaskNotifyIndexed(xTaskToNotify, uxIndexToNotify, ulValue, eAction)                  \
  xTaskGenericNotify((xTaskToNotify), (uxIndexToNotify), (ulValue), (eAction), NULL)
#define xTaskNotifyAndQueryIndexed(xTaskToNotify, uxIndexToNotify, ulValue, eAction,          \
                                   pulPreviousNotifyValue)                                    \
  xTaskGenericNotify((xTaskToNotify), (uxIndexToNotify), (ulValue), (eAction),                \
                     (pulPreviousNotifyValue))
#define xTaskNotifyWaitIndexed(uxIndexToWaitOn, ulBitsToClearOnEntry, ulBitsToClearOnExit,    \
                               pulNotificationValue, xTicksToWait)                            \
  xTaskGenericNotifyWait((uxIndexToWaitOn), (ulBitsToClearOnEntry), (ulBitsToClearOnExit),    \
                         (pulNotificationValue), (xTicksToWait))
#define xTaskNotifyIndexedFromISR(xTaskToNotify, uxIndexToNotify, ulValue, eAction,           \
                                  pxHigherPriorityTaskWoken)                                  \
  xTaskGenericNotifyFromISR((xTaskToNotify), (uxIndexToNotify), (ulValue), (eAction), NULL,   \
                            (pxHigherPriorityTaskWoken))
BaseType_t xTaskGenericNotifyStateClear(TaskHandle_t xTask, UBaseType_t uxIndexToClear);
uint32_t ulTaskGenericNotifyValueClear(TaskHandle_t xTask, UBaseType_t uxIndexToClear,
                                       uint32_t ulBitsToClear);
#define xTaskNotifyStateClearIndexed(xTask, uxIndexToClear)                                   \
  xTaskGenericNotifyStateClear((xTask), (uxIndexToClear))
#define ulTaskNotifyValueClearIndexed(xTask, uxIndexToClear, ulBitsToClear)                   \
  ulTaskGenericNotifyValueClear((xTask), (uxIndexToClear), (ulBitsToClear))
#define xTaskNotifyStateClear(xTask)                                                          \
  xTaskGenericNotifyStateClear((xTask), (tskDEFAULT_INDEX_TO_NOTIFY))
#define ulTaskNotifyValueClear(xTask, ulBitsToClear)                                          \
  ulTaskGenericNotifyValueClear((xTask), (tskDEFAULT_INDEX_TO_NOTIFY), (ulBitsToClear))

/* Task states returned by eTaskGetState. */
typedef enum { eRunning = 0, eReady, eBlocked, eSuspended, eDeleted, eInvalid } eTaskState;
eTaskState eTaskGetState(TaskHandle_t xTask);

#endif
