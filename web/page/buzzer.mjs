// The piezo buzzer through Web Audio: a square wave whose pitch follows the
// buzzer pin's PWM frequency, each change played at the virtual time it
// happened (a 30 ms note between two frames still sounds, a frame late).
const LATENCY_S = 0.06, VOLUME = 0.04;

export class Buzzer {
  constructor() {
    this.ctx = null;
    this.enabled = true;
  }

  // Browsers start audio only from a user gesture: call this from one.
  wake() {
    if (this.ctx) {
      if (this.ctx.state === "suspended") this.ctx.resume();
      return;
    }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return;
    this.ctx = new AC();
    this.osc = this.ctx.createOscillator();
    this.osc.type = "square";
    this.gain = this.ctx.createGain();
    this.gain.gain.value = 0;
    this.osc.connect(this.gain).connect(this.ctx.destination);
    this.osc.start();
  }

  // tones: [[virtual ms, Hz or 0]]; nowMs: the virtual ms of this frame;
  // speed: virtual ms per real ms
  play(tones, nowMs, speed) {
    if (!this.ctx || this.ctx.state !== "running") return;
    const t0 = this.ctx.currentTime + LATENCY_S;
    for (const [ms, hz] of tones) {
      const at = t0 + Math.max(ms - nowMs, -LATENCY_S * 1000) / speed / 1000;
      if (hz) this.osc.frequency.setValueAtTime(hz, at);
      this.gain.gain.setValueAtTime(hz && this.enabled ? VOLUME : 0, at);
    }
  }
}
