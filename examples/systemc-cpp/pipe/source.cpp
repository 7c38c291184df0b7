// The source stage of the pipe_*.cpp models (verified together with them).
#include <systemc.h>
#include "stages.h"

void source::step() {
  if (n < LIMIT)
    n++;
  a.write(n);
  b.write(scaled(n));
}
