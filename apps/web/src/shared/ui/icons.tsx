import type { SVGProps } from 'react';
import { SITE } from '../../env';

/** The signs on the coin; public/favicon.svg and public/kip/favicon.svg draw the same. */
const BAHT_STROKES = 'M16 12v16M16 12h5a4 4 0 010 8h-5M16 20h6a4 4 0 010 8h-6M20 9v22';
const KIP_STROKES = 'M16 11v18M26 11l-10 9 10 9M12 20h15';

/**
 * Line icons drawn for this app (24×24, currentColor). This file holds the public shell's, which
 * /login draws; the others are in more-icons.tsx and come with the screens that draw them (a
 * module the first screen imports is downloaded with it whole).
 */
export const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

export const HomeIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M3 11l9-7 9 7" /><path d="M5 10v10h14V10" /><path d="M10 20v-5h4v5" /></svg>
);
export const UserPlusIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><circle cx="10" cy="8" r="4" /><path d="M2 21c0-4 4-6 8-6s8 2 8 6" /><path d="M19 8v6M16 11h6" /></svg>
);
export const PlayIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><rect x="3" y="4" width="18" height="16" rx="3" /><path d="M10 9l5 3-5 3z" /></svg>
);
export const ChatIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M4 5h16v11H9l-5 4z" /><path d="M8 10h8M8 13h5" /></svg>
);
/** The brand mark: a coin with the currency's sign, a baht-like stroke or the kip's ₭ in the Laos build. */
export const LogoMark = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 40 40" aria-hidden data-mark={SITE === 'la' ? 'kip' : 'baht'} {...props}>
    <defs>
      <linearGradient id="coin" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#fde9a8" />
        <stop offset="1" stopColor="#e2a90f" />
      </linearGradient>
    </defs>
    <circle cx="20" cy="20" r="18" fill="url(#coin)" />
    <circle cx="20" cy="20" r="13.5" fill="none" stroke="#0b1220" strokeOpacity=".35" strokeWidth="1.5" />
    <path d={SITE === 'la' ? KIP_STROKES : BAHT_STROKES} stroke="#0b1220" strokeWidth="2.4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);
