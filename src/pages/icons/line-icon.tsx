import type { SVGProps } from 'react';

/**
 * A line icon drawn inline, so neither shell needs an icon package: 1em, in the text's colour, stroke 1.8
 * unless `strokeWidth` says otherwise; antd menus pass a className that spaces it from its label.
 */
export function LineIcon({ children, ...props }: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {children}
    </svg>
  );
}

/** The product mark's white flask, in a brand mark's 40 × 40 box; each shell draws its own square behind it. */
export function BrandFlask() {
  return (
    <>
      <path
        d="M16 10h8M17.5 10v7.5L11.5 28a2 2 0 0 0 1.8 3h13.4a2 2 0 0 0 1.8-3l-6-10.5V10"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
      <circle cx="18" cy="25.5" r="1.6" fill="#fff" />
      <circle cx="22.5" cy="27.5" r="1.1" fill="#fff" />
    </>
  );
}
