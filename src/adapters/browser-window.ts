/**
 * The few window side effects page hooks need, behind functions so tests can replace them.
 */

/** Opens a product in a new tab without giving it a handle on this page. */
export function openExternal(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

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
