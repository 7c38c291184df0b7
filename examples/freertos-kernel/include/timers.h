/* timers.h -- software timers (the kernel's macro structure: the public API is
   xTimerGenericCommand with a command number, which selects the task or the ISR function). */
#ifndef TIMERS_H
#define TIMERS_H

#ifndef INC_FREERTOS_H
#error "include FreeRTOS.h must appear in source files before include timers.h"
#endif

#include "task.h"

#define tmrCOMMAND_START ((BaseType_t)1)
#define tmrCOMMAND_RESET ((BaseType_t)2)
#define tmrCOMMAND_STOP ((BaseType_t)3)
#define tmrCOMMAND_CHANGE_PERIOD ((BaseType_t)4)
#define tmrCOMMAND_DELETE ((BaseType_t)5)
#define tmrFIRST_FROM_ISR_COMMAND ((BaseType_t)6)
#define tmrCOMMAND_START_FROM_ISR ((BaseType_t)6)
#define tmrCOMMAND_RESET_FROM_ISR ((BaseType_t)7)
#define tmrCOMMAND_STOP_FROM_ISR ((BaseType_t)8)
#define tmrCOMMAND_CHANGE_PERIOD_FROM_ISR ((BaseType_t)9)

struct tmrTimerControl;
typedef struct tmrTimerControl *TimerHandle_t;
typedef void (*TimerCallbackFunction_t)(TimerHandle_t xTimer);
typedef void (*PendedFunction_t)(void *arg1, uint32_t arg2);

TimerHandle_t xTimerCreate(const char *const pcTimerName, const TickType_t xTimerPeriodInTicks,
                           const BaseType_t xAutoReload, void *const pvTimerID,
                           TimerCallbackFunction_t pxCallbackFunction);
void *pvTimerGetTimerID(const TimerHandle_t xTimer);
void vTimerSetTimerID(TimerHandle_t xTimer, void *pvNewID);
BaseType_t xTimerIsTimerActive(TimerHandle_t xTimer);
BaseType_t xTimerPendFunctionCallFromISR(PendedFunction_t xFunctionToPend, void *pvParameter1,
                                         uint32_t ulParameter2,
                                         BaseType_t *pxHigherPriorityTaskWoken);
BaseType_t xTimerPendFunctionCall(PendedFunction_t xFunctionToPend, void *pvParameter1,
                                  uint32_t ulParameter2, TickType_t xTicksToWait);
BaseType_t xTimerGenericCommandFromTask(TimerHandle_t xTimer, const BaseType_t xCommandID,
                                        const TickType_t xOptionalValue,
                                        BaseType_t *const pxHigherPriorityTaskWoken,
                                        const TickType_t xTicksToWait);
BaseType_t xTimerGenericCommandFromISR(TimerHandle_t xTimer, const BaseType_t xCommandID,
                                       const TickType_t xOptionalValue,
                                       BaseType_t *const pxHigherPriorityTaskWoken,
                                       const TickType_t xTicksToWait);
#define xTimerGenericCommand(xTimer, xCommandID, xOptionalValue, pxHigherPriorityTaskWoken,    \
                             xTicksToWait)                                                    \
  ((xCommandID) < tmrFIRST_FROM_ISR_COMMAND                                                   \
       ? xTimerGenericCommandFromTask(xTimer, xCommandID, xOptionalValue,                     \
                                      pxHigherPriorityTaskWoken, xTicksToWait)                \
       : xTimerGenericCommandFromISR(xTimer, xCommandID, xOptionalValue,                      \
                                     pxHigherPriorityTaskWoken, xTicksToWait))
#define xTimerStart(xTimer, xTicksToWait)                                                     \
  xTimerGenericCommand((xTimer), tmrCOMMAND_START, (xTaskGetTickCount()), NULL, (xTicksToWait))
#define xTimerStop(xTimer, xTicksToWait)                                                      \
  xTimerGenericCommand((xTimer), tmrCOMMAND_STOP, 0U, NULL, (xTicksToWait))
#define xTimerReset(xTimer, xTicksToWait)                                                     \
  xTimerGenericCommand((xTimer), tmrCOMMAND_RESET, (xTaskGetTickCount()), NULL, (xTicksToWait))
#define xTimerChangePeriod(xTimer, xNewPeriod, xTicksToWait)                                  \
  xTimerGenericCommand((xTimer), tmrCOMMAND_CHANGE_PERIOD, (xNewPeriod), NULL, (xTicksToWait))

#endif
