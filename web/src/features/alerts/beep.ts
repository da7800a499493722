let context: AudioContext | null = null;

/** A short two-tone chime made with WebAudio, so no audio file ships. Silently skipped where sound is unavailable. */
export function playAlertSound(): void {
  try {
    const Ctx =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctx) return;
    context ??= new Ctx();
    // Created before any click on this page the context starts suspended (autoplay policy).
    if (context.state === 'suspended') void context.resume();
    const now = context.currentTime;
    [880, 660].forEach((frequency, index) => {
      const oscillator = context!.createOscillator();
      const gain = context!.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const start = now + index * 0.18;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.16);
      oscillator.connect(gain).connect(context!.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.17);
    });
  } catch (error) {
    console.warn('Alert sound unavailable', error);
  }
}
