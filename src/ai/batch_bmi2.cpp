// Batch's layout=snake step compiled with POPCNT, BMI and BMI2 (see batch_step.h); reached only
// through Batch::step after ai::fast::best() found that the processor runs it well.
#include "batch_step.h"

namespace dom::python::bmi2 {

int stepSnake(const SnakeStep& step) { return stepSnakeSlots(step); }

}  // namespace dom::python::bmi2
