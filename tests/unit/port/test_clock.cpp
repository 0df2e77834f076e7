// The port's clock on every target: monotonic, with a rate, and sleep_until wakes no earlier
// than its absolute deadline.
#include "ff_test.hpp"
#include "footfall/port/port.hpp"

FF_TEST(PortClock, IsMonotonic) {
  footfall::port::Ticks previous = footfall::port::now();
  for (int i = 0; i < 1000; ++i) {
    const footfall::port::Ticks t = footfall::port::now();
    FF_EXPECT_LE(previous, t);
    previous = t;
  }
}

FF_TEST(PortClock, HasAPlausibleRate) {
  // Boards count core cycles (MHz); POSIX counts nanoseconds.
  FF_EXPECT_LE(footfall::port::Ticks{1000000}, footfall::port::ticks_per_second());
  FF_EXPECT_LE(footfall::port::ticks_per_second(), footfall::port::Ticks{1000000000});
}

FF_TEST(PortClock, SleepUntilReachesAnAbsoluteDeadline) {
  const footfall::port::Ticks period = footfall::port::ticks_per_second() / 1000;  // 1 ms
  footfall::port::Ticks deadline = footfall::port::now();
  for (int tick = 0; tick < 5; ++tick) {
    deadline += period;  // absolute deadlines: no drift however long each wake-up takes
    footfall::port::sleep_until(deadline);
    FF_EXPECT_LE(deadline, footfall::port::now());
  }
  // A deadline in the past returns at once.
  const footfall::port::Ticks before = footfall::port::now();
  footfall::port::sleep_until(before - period);
  FF_EXPECT_LE(before, footfall::port::now());
}
