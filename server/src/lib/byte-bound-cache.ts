/**
 * A least-recently-used map of strings bounded by their total size: however many distinct
 * keys arrive, the memory it keeps stays under `maxBytes`.
 */
export class ByteBoundCache<T extends { body: string } = { body: string; generation: number; expires: number }> {
  private readonly entries = new Map<string, T>();
  private total = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held: keys and bodies, two bytes per UTF-16 code unit (what V8 may keep). */
  get bytes(): number {
    return this.total;
  }
  get size(): number {
    return this.entries.size;
  }

  private cost(key: string, value: T): number {
    return (key.length + value.body.length) * 2;
  }

  get(key: string): T | undefined {
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    // most recently used goes last, so eviction takes the least recently used first
    this.entries.delete(key);
    this.entries.set(key, hit);
    return hit;
  }

  set(key: string, value: T): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.total -= this.cost(key, old);
      this.entries.delete(key);
    }
    const cost = this.cost(key, value);
    if (cost > this.maxBytes) return;
    this.entries.set(key, value);
    this.total += cost;
    for (const [k, v] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(k);
      this.total -= this.cost(k, v);
    }
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}
