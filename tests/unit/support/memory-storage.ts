/** sessionStorage/localStorage for code under test in Node: the part of the Storage API the shop uses, kept in a Map. */
export class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

/** A storage the browser will not let the page use (disabled, or full): every call throws. */
export class RefusingStorage {
  getItem(_key: string): string | null {
    throw new Error("SecurityError: storage is disabled");
  }
  setItem(_key: string, _value: string): void {
    throw new Error("QuotaExceededError: storage is full");
  }
  removeItem(_key: string): void {
    throw new Error("SecurityError: storage is disabled");
  }
}
