/**
 * Whether React is hydrating the page the browser opened: set by gatsby-browser just before
 * hydrateRoot and cleared once that first commit is on screen. A static island mounting
 * while it is set was rendered on the server and keeps that HTML instead of hydrating.
 */
let hydrating = false;

export function startHydration(): void {
  hydrating = true;
}

export function endHydration(): void {
  hydrating = false;
}

export function isHydrating(): boolean {
  return hydrating;
}
