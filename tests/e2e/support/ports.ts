/** The tests' free ports come from lib/, where the commands that start servers find theirs. */
export { freePort } from "../../../lib/free-port";

/** Whether a new connection to `url` is refused (nothing listens there any more), not merely answered with an error. */
export async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (error) {
    return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error));
  }
}
