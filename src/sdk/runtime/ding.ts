/**
 * The new-message sound. Chatwoot fetches an mp3 for it; a two-note chime synthesised with Web
 * Audio costs no request. Browsers only let a page make sound after the visitor has interacted
 * with it, so the audio context starts on the first pointer or key press.
 */
export function createDing(win: Window & { AudioContext?: typeof AudioContext } = window): () => void {
  let context: AudioContext | undefined;
  const unlock = () => {
    const Context = win.AudioContext;
    if (!Context) return;
    context ??= new Context();
    context.resume().catch(() => undefined);
  };
  for (const type of ['pointerdown', 'keydown']) win.addEventListener(type, unlock, { once: true, capture: true, passive: true });

  return () => {
    if (context?.state !== 'running') return;
    const start = context.currentTime;
    const tone = context.createOscillator();
    const volume = context.createGain();
    tone.frequency.setValueAtTime(880, start);
    tone.frequency.setValueAtTime(1320, start + 0.09);
    volume.gain.setValueAtTime(0.12, start);
    volume.gain.exponentialRampToValueAtTime(0.001, start + 0.35);
    tone.connect(volume).connect(context.destination);
    tone.start(start);
    tone.stop(start + 0.35);
  };
}
