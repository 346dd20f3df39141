/**
 * What the scanner keeps on the phone (localStorage): its device token, the offline data,
 * the scans waiting to upload and the admissions it made while offline. Touched only from
 * effects and event handlers.
 */
import type { OfflineData } from "./offline-decide";
import type { Conflict, QueuedScan } from "./scanner-client";

const KEY = "uae-scan";

export interface DeviceState {
  token: string | null;
  deviceName: string | null;
  listName: string | null;
  offline: OfflineData | null;
  queue: QueuedScan[];
  /** ticket key → when this phone admitted it without the network */
  admittedHere: Record<string, string>;
  conflicts: Conflict[];
}

export const EMPTY_STATE: DeviceState = {
  token: null,
  deviceName: null,
  listName: null,
  offline: null,
  queue: [],
  admittedHere: {},
  conflicts: [],
};

export function loadState(): DeviceState {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? { ...EMPTY_STATE, ...(JSON.parse(raw) as Partial<DeviceState>) } : EMPTY_STATE;
  } catch {
    return EMPTY_STATE;
  }
}

export function saveState(state: DeviceState): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(state));
  } catch {
    /* storage full or refused: the scans stay in memory until the page closes */
  }
}
