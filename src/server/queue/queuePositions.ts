/**
 * The set of active jobs' sequence numbers, answering "how many are ahead of this one" in
 * O(log n) without touching the database (DESIGN.md section 10: >= 5,000 polls/s with 10,000
 * queued jobs). A Fenwick tree over a sliding window of sequence numbers: sequence numbers only
 * grow, so the window moves forward, and it is rebuilt (O(window)) when a new number falls past
 * its end; jobs leave from anywhere (finished, expired) in O(log n).
 */
const MIN_CAPACITY = 1024;

function nextPowerOfTwo(n: number): number {
  let capacity = MIN_CAPACITY;
  while (capacity < n) capacity *= 2;
  return capacity;
}

export class QueuePositions {
  /** 1-based Fenwick tree; slot i counts the sequence number base + i - 1. */
  private tree = new Int32Array(MIN_CAPACITY + 1);
  private base = 0;
  private readonly members = new Set<number>();
  /** Tree nodes the last `countBelow` read: tests assert it stays logarithmic. */
  lastProbeSteps = 0;
  /** How many times the window was rebuilt (tests, benchmarks). */
  rebuilds = 0;

  get size(): number {
    return this.members.size;
  }

  get capacity(): number {
    return this.tree.length - 1;
  }

  has(seq: number): boolean {
    return this.members.has(seq);
  }

  add(seq: number): void {
    if (!Number.isSafeInteger(seq) || seq < 0) throw new RangeError(`Bad sequence number ${seq}`);
    if (this.members.has(seq)) return;
    this.members.add(seq);
    if (this.members.size === 1 || seq < this.base || seq - this.base >= this.capacity) {
      this.rebuild();
      return;
    }
    this.update(seq - this.base + 1, 1);
  }

  delete(seq: number): boolean {
    if (!this.members.delete(seq)) return false;
    this.update(seq - this.base + 1, -1);
    return true;
  }

  /** Members smaller than `seq`: the jobs ahead of the job with that sequence number. */
  countBelow(seq: number): number {
    let position = Math.min(seq - this.base, this.capacity);
    let count = 0;
    let steps = 0;
    while (position > 0) {
      count += this.tree[position];
      position -= position & -position;
      steps += 1;
    }
    this.lastProbeSteps = steps;
    return count;
  }

  clear(): void {
    this.members.clear();
    this.tree = new Int32Array(MIN_CAPACITY + 1);
    this.base = 0;
  }

  private update(position: number, delta: number): void {
    for (let i = position; i < this.tree.length; i += i & -i) this.tree[i] += delta;
  }

  /** Starts the window at the smallest member, twice as wide as the members' span. */
  private rebuild(): void {
    let min = Infinity;
    let max = -Infinity;
    for (const seq of this.members) {
      if (seq < min) min = seq;
      if (seq > max) max = seq;
    }
    this.base = min;
    const tree = new Int32Array(nextPowerOfTwo(2 * (max - min + 1)) + 1);
    for (const seq of this.members) tree[seq - min + 1] += 1;
    // Linear-time Fenwick build: each node passes its sum to its parent once.
    for (let i = 1; i < tree.length; i += 1) {
      const parent = i + (i & -i);
      if (parent < tree.length) tree[parent] += tree[i];
    }
    this.tree = tree;
    this.rebuilds += 1;
  }
}
