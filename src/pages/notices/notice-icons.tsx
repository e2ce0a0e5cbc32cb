import { LineIcon } from '../icons/line-icon';

// Line icons of the notices (banner and survey), drawn in the text's colour at its size.

/** A small chevron pointing down: the banner turns it when expanded; the survey's remind-later menu. */
export const ChevronDownIcon = () => (
  <LineIcon>
    <path d="M6 9l6 6 6-6" />
  </LineIcon>
);

/** The announcement's mark. */
export const MegaphoneIcon = () => (
  <LineIcon>
    <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
    <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
  </LineIcon>
);

/** Closes the banner. */
export const CloseIcon = () => (
  <LineIcon strokeWidth={2}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
);
