/**
 * Holds a background render still while users' jobs render: on a machine of two cores a phone cut
 * rendered beside a user's banner made that banner take twice as long (4 s alone, 8-10 s beside it),
 * and even at the lowest CPU priority 1.4 times as long. Held, its encoders are stopped (the frames
 * being drawn wait for them), so the user's render has the machine; released, it goes on where it
 * stood, with nothing redone.
 */
export class BackgroundRenderHold {
  private heldNow: boolean;
  private readonly listeners = new Set<(held: boolean) => void>();

  constructor(held = false) {
    this.heldNow = held;
  }

  get held(): boolean {
    return this.heldNow;
  }

  set(held: boolean): void {
    if (held === this.heldNow) return;
    this.heldNow = held;
    for (const listener of [...this.listeners]) listener(held);
  }

  /** Calls `listener` on each change from now on; answers the call that stops it. */
  watch(listener: (held: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
