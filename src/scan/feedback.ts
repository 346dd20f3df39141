/**
 * What the door hears and feels: one high beep for "in", two low ones for "no", and the
 * same in vibration; the colour is the page's. Browser only, called from event handlers.
 */
export type Tone = "go" | "wait" | "stop";

let audio: AudioContext | null = null;

function beep(ctx: AudioContext, start: number, frequency: number, length: number): void {
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.frequency.value = frequency;
  osc.type = "square";
  gain.gain.setValueAtTime(0.2, ctx.currentTime + start);
  gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + start + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(ctx.currentTime + start);
  osc.stop(ctx.currentTime + start + length);
}

export function signal(tone: Tone): void {
  try {
    audio ??= new AudioContext();
    if (tone === "go") beep(audio, 0, 1320, 0.15);
    else {
      beep(audio, 0, tone === "wait" ? 660 : 330, 0.18);
      beep(audio, 0.25, tone === "wait" ? 660 : 330, 0.18);
    }
  } catch {
    /* no sound on this device; the colour says it */
  }
  navigator.vibrate?.(tone === "go" ? 120 : [200, 100, 200]);
}

/** Green for in, amber for "look at it" (used, too early, not inside), red for no. */
export function toneOf(status: string): Tone {
  if (status === "admitted" || status === "exited") return "go";
  if (status === "already_used" || status === "not_yet_valid" || status === "not_inside" || status === "conflict")
    return "wait";
  return "stop";
}
