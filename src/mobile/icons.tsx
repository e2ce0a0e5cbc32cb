import type { ReactNode } from 'react';
import { LineIcon } from '../pages/icons/line-icon';

/** The phone shell's line icons: a bolder stroke than the desktop's, for small screens. */
const Icon = ({ children }: { children: ReactNode }) => <LineIcon strokeWidth={2}>{children}</LineIcon>;

/** The phone header's way home. */
export const HomeIcon = () => (
  <Icon>
    <path d="m3 11 9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </Icon>
);

/** Marks a product the user is not licensed for. */
export const LockIcon = () => (
  <Icon>
    <rect x="4" y="10" width="16" height="11" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </Icon>
);
