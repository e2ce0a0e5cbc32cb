/**
 * The few window side effects page hooks need, behind functions so tests can replace them.
 */

/** Navigates the whole page away (e.g. the demo site for trial users, the SSO login). */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/** Reloads the page (UI version switch to nostalgia, chunk-load recovery). */
export function reloadPage(): void {
  window.location.reload();
}

/** Moves the hash router to a path from outside React (the 401 handler). */
export function goToHash(path: string): void {
  window.location.hash = `#${path}`;
}
