/* semphr.h -- FreeRTOS-compatible header name; schedmc's FreeRTOS-like API is in freertos.h. */
#include "freertos.h"
