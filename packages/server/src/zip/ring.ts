/**
 * One buffer lent out in slices that come back in the order they were taken:
 * the read-ahead of an archive's small files reuses the same memory throughout.
 */
export class Ring {
  private readonly memory: Buffer;
  private head = 0;
  private readonly live: { start: number; length: number }[] = [];

  constructor(memory: Buffer) {
    this.memory = memory;
  }

  /** A slice of `length` bytes, or null while too little has come back. */
  take(length: number): Buffer | null {
    if (length > this.memory.length) throw new Error(`ring of ${this.memory.length} bytes`);
    if (this.live.length === 0) this.head = 0;
    const tail = this.live[0]?.start ?? 0;
    let start: number | null = null;
    if (this.live.length === 0 || this.head > tail) {
      if (this.memory.length - this.head >= length) start = this.head;
      else if (tail > length) start = 0;
    } else if (tail - this.head > length) {
      start = this.head;
    }
    if (start === null) return null;
    this.head = start + length;
    this.live.push({ start, length });
    return this.memory.subarray(start, start + length);
  }

  /** Gives back the oldest slice still out. */
  giveBack(): void {
    this.live.shift();
  }
}
