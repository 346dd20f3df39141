/**
 * What a person watching a deploy sees: on a terminal one line redrawn in place (a bar, the
 * phase, objects and bytes done of to do); elsewhere (CI, a log file, the publisher) plain
 * lines, one when a phase starts and ends and one every few seconds in between.
 */

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

const count = (n: number) => n.toLocaleString("en-US");

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export class Progress {
  private phase = "";
  private objects = 0;
  private bytes = 0;
  private doneObjects = 0;
  private doneBytes = 0;
  private lastLine = 0;
  private drawn = false;

  /** `tty`: redraw one line (a terminal, unless CI is set) or write plain lines */
  constructor(
    private readonly out: ProgressOutput,
    private readonly label: string,
    private readonly tty = out.isTTY === true && !process.env.CI,
    private readonly intervalMs = 5000,
  ) {}

  private share(): number {
    if (this.bytes > 0) return this.doneBytes / this.bytes;
    return this.objects > 0 ? this.doneObjects / this.objects : 1;
  }

  private text(): string {
    const share = this.share();
    return `${this.phase}: ${count(this.doneObjects)}/${count(this.objects)} objects, ${formatBytes(this.doneBytes)}/${formatBytes(this.bytes)} (${Math.floor(share * 100)} %)`;
  }

  start(phase: string, objects: number, bytes: number, unchanged: number): void {
    Object.assign(this, { phase, objects, bytes, doneObjects: 0, doneBytes: 0, lastLine: Date.now() });
    const skipped = unchanged > 0 ? `, ${count(unchanged)} unchanged` : "";
    if (!this.tty || objects === 0)
      this.out.write(
        `${this.label}: ${phase}: ${objects === 0 ? "nothing" : `${count(objects)} objects, ${formatBytes(bytes)}`} to upload${skipped}\n`,
      );
    else this.draw();
  }

  advance(bytes: number): void {
    this.doneObjects++;
    this.doneBytes += bytes;
    if (this.tty) this.draw();
    else if (Date.now() - this.lastLine >= this.intervalMs) {
      this.lastLine = Date.now();
      this.out.write(`${this.label}: ${this.text()}\n`);
    }
  }

  private draw(): void {
    const width = Math.max(10, Math.min(30, (this.out.columns ?? 80) - 70));
    const share = this.share();
    const full = Math.round(share * width);
    this.out.write(`\r\x1b[2K[${"#".repeat(full)}${".".repeat(width - full)}] ${this.text()}`);
    this.drawn = true;
  }

  /** Ends the phase's line (a terminal's bar becomes a finished line). */
  end(): void {
    if (this.tty) {
      if (this.drawn) this.out.write("\n");
      this.drawn = false;
    } else if (this.objects > 0) this.out.write(`${this.label}: ${this.text()}\n`);
  }

  /** A line of its own, not drawn over by the bar. */
  say(message: string): void {
    if (this.tty && this.drawn) this.out.write("\r\x1b[2K");
    this.out.write(`${this.label}: ${message}\n`);
    if (this.tty && this.drawn) this.draw();
  }
}
