import { BrandFlask } from '../pages/icons/line-icon';

/** The product mark (flask in a rounded square), drawn inline for the phone shell. */
export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true">
      <rect width="40" height="40" rx="10" fill="rgba(255,255,255,0.18)" />
      <BrandFlask />
    </svg>
  );
}
