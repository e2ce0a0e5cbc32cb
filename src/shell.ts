import type { ComponentType } from 'react';

/** What each UI shell (src/desktop, src/mobile) exports to main.tsx. */
export interface ShellModule {
  /** The shell's root: UI-kit providers and the hash router. */
  App: ComponentType;
  /** Shows a failure message for 3 s (antd message / antd-mobile Toast). */
  showError: (message: string) => void;
}
