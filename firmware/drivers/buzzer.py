"""A piezo buzzer on a PWM pin: tones and short tunes that play while the main
loop runs (call update() often). Silence is duty 0."""
import time


class Buzzer:
    def __init__(self, pwm):
        """pwm: a machine.PWM on the buzzer's pin (its own PWM slice)."""
        self.pwm = pwm
        pwm.duty_u16(0)
        self.tune = ()
        self.step = 0
        self.until = 0
        self.playing = False

    def tone(self, freq, ms):
        self.play(((freq, ms),))

    def play(self, tune):
        """tune: a sequence of (frequency Hz, ms); frequency 0 is a rest."""
        self.tune = tune
        self.step = 0
        self._next(time.ticks_ms())

    def _next(self, now):
        if self.step >= len(self.tune):
            self.quiet()
            return
        freq, ms = self.tune[self.step]
        self.step += 1
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(32768)  # a square wave is the loudest
        else:
            self.pwm.duty_u16(0)
        self.until = time.ticks_add(now, ms)
        self.playing = True

    def update(self):
        if self.playing:
            now = time.ticks_ms()
            if time.ticks_diff(now, self.until) >= 0:
                self._next(now)

    def wait(self):
        """Block until the tune has played out (then the buzzer is silent)."""
        while self.playing:
            self.update()
            time.sleep_ms(5)

    def quiet(self):
        self.pwm.duty_u16(0)
        self.playing = False
