// SPDX-License-Identifier: MIT
// Batch's layout=snake step compiled with POPCNT, BMI and BMI2 (see batch_step.h); reached only
// through Batch::step after ai::fast::best() found that the processor runs it well.
#include "ai/batch_step.h"

namespace dom::ai::bmi2 {

int stepSnake(const BatchStep& step) { return stepSnakeSlots(step); }

}  // namespace dom::ai::bmi2
