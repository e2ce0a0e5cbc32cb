/** The product mark (flask in a rounded square), drawn inline for the phone shell. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="rgba(255,255,255,0.18)" />
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
    </svg>
  );
}
