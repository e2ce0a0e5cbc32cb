/**
 * The few window side effects page hooks need, behind functions so tests can replace them.
 */

/** Navigates the whole page away (e.g. the demo site for trial users, the SSO login). */
export function assignLocation(url: string): void {
  window.location.assign(url);
}

/**
 * Downloads a file from another site without leaving the page (the user menu's drawing tool): a link
 * with `download` the browser follows; a site that sends the file as an attachment keeps the page as it is.
 */
export function downloadFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Reloads the page (UI version switch to nostalgia, chunk-load recovery). */
export function reloadPage(): void {
  window.location.reload();
}

/** Moves the hash router to a path from outside React (the 401 handler). */
export function goToHash(path: string): void {
  window.location.hash = `#${path}`;
}
