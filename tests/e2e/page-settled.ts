import type { Page } from 'playwright-core';

/** Frames in a row with nothing changing before a page counts as settled. */
export const QUIET_FRAMES = 3;

/**
 * Run by the page at every animation frame: true once `frames` frames in a row have passed with no change
 * to the document, no finite animation running (antd's zooms and fades; a spinner's endless one does not
 * count) and nothing matching `loading` visible. `round` starts the count afresh for each wait. Changes to
 * the document (nodes, attributes, text) are counted because antd-mobile's springs move things by
 * rewriting inline styles frame by frame, which document.getAnimations() does not see.
 */
export function quietForFrames({
  frames,
  round,
  loading,
}: {
  frames: number;
  round: number;
  loading: string;
}): boolean {
  const state = window as unknown as {
    settleChanges?: number;
    settleRound?: number;
    settleSeenChanges?: number;
    settleQuietFrames?: number;
  };
  if (state.settleChanges === undefined) {
    state.settleChanges = 0;
    new MutationObserver(() => {
      state.settleChanges = (state.settleChanges ?? 0) + 1;
    }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  if (state.settleRound !== round) {
    state.settleRound = round;
    state.settleSeenChanges = state.settleChanges;
    state.settleQuietFrames = 0;
    return false;
  }
  const changed = state.settleSeenChanges !== state.settleChanges;
  state.settleSeenChanges = state.settleChanges;
  const moving = document
    .getAnimations()
    .some(
      (running) => running.playState === 'running' && running.effect?.getTiming().iterations !== Infinity,
    );
  const busy =
    loading !== '' && [...document.querySelectorAll(loading)].some((element) => element.checkVisibility());
  state.settleQuietFrames = changed || moving || busy ? 0 : (state.settleQuietFrames ?? 0) + 1;
  return state.settleQuietFrames >= frames;
}

let rounds = 0;

/**
 * Waits until nothing on the page moves or changes any more (an opening box or tour has finished its
 * entrance, a sheet has slid away, a tab's ink bar has stopped): a few frames in a row with no change to
 * the document and no finite animation running. For a screenshot that shows what people see, and before a
 * check that something did NOT appear once the page has drawn what it was answered.
 */
export async function pageSettled(page: Page): Promise<void> {
  rounds += 1;
  await page.waitForFunction(
    quietForFrames,
    { frames: QUIET_FRAMES, round: rounds, loading: '' },
    { polling: 'raf' },
  );
}
