/** The debug popup's window name: one at a time. */
const POPUP = 'sso-debug';

/**
 * Opens the debug flow in a popup; false when the browser blocked it. The portal's pages are isolated from
 * the identity provider's (Cross-Origin-Opener-Policy), so the popup cannot talk back to this window:
 * the screen watches for the recorded result instead (useSsoAuthPage).
 */
export function openSsoDebugPopup(url: string): boolean {
  return window.open(url, POPUP, 'width=760,height=720') !== null;
}

/** Closes this window when a script opened it (the debug popup back from its flow); else nothing. */
export function closeSsoDebugPopup(): void {
  window.close();
}

/** Calls `tick` every `ms` until it answers true or `times` calls were made. */
export function pollUntil(tick: () => Promise<boolean>, ms: number, times: number): void {
  let left = times;
  const step = () => {
    left -= 1;
    void tick().then((done) => {
      if (!done && left > 0) window.setTimeout(step, ms);
    });
  };
  window.setTimeout(step, ms);
}
