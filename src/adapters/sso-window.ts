/** The debug popup's window name: one at a time. */
const POPUP = 'sso-debug';
/** What the popup tells the screen that opened it when its flow came back. */
export const SSO_DEBUG_DONE = 'sso-debug-done';

/**
 * Opens the debug flow in a popup and calls `onDone` when it comes back (its message) or is closed by
 * hand. Null when the browser blocked the popup.
 */
export function openSsoDebugPopup(url: string, onDone: () => void): (() => void) | null {
  const popup = window.open(url, POPUP, 'width=760,height=720');
  if (!popup) return null;
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && event.data === SSO_DEBUG_DONE) finish();
  };
  const timer = window.setInterval(() => {
    if (popup.closed) finish();
  }, 500);
  function finish() {
    window.clearInterval(timer);
    window.removeEventListener('message', onMessage);
    onDone();
  }
  window.addEventListener('message', onMessage);
  return finish;
}

/** In the popup, back from the flow: tells the screen that opened it. Whether there was one. */
export function tellSsoDebugOpener(): boolean {
  if (!window.opener || window.opener === window) return false;
  (window.opener as Window).postMessage(SSO_DEBUG_DONE, window.location.origin);
  return true;
}
