import type { SVGProps } from 'react';

/** Line icons drawn for this app (24×24, currentColor). */
const base = { viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true } as const;

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
export const ProfileIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><circle cx="12" cy="8" r="4" /><path d="M4 21c0-4 4-6 8-6s8 2 8 6" /></svg>
);
export const ListIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M8 6h12M8 12h12M8 18h12" /><path d="M4 6h.01M4 12h.01M4 18h.01" /></svg>
);
export const ScrollIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M6 3h11a2 2 0 012 2v14a2 2 0 01-2 2H7" /><path d="M6 3a2 2 0 00-2 2v2h4" /><path d="M9 8h7M9 12h7M9 16h4" /></svg>
);
export const LogoutIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3" /><path d="M10 16l-4-4 4-4" /><path d="M6 12h10" /></svg>
);
export const LockIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><rect x="5" y="11" width="14" height="10" rx="2" /><path d="M8 11V8a4 4 0 018 0v3" /></svg>
);
export const CopyIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><rect x="9" y="9" width="11" height="11" rx="2" /><path d="M5 15V5a2 2 0 012-2h8" /></svg>
);
export const PencilIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M4 20h4L19 9l-4-4L4 16z" /><path d="M14 6l4 4" /></svg>
);

/** The brand mark: a coin with a baht-like stroke. */
export const LogoMark = (props: SVGProps<SVGSVGElement>) => (
  <svg viewBox="0 0 40 40" aria-hidden {...props}>
    <defs>
      <linearGradient id="coin" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#fde9a8" />
        <stop offset="1" stopColor="#e2a90f" />
      </linearGradient>
    </defs>
    <circle cx="20" cy="20" r="18" fill="url(#coin)" />
    <circle cx="20" cy="20" r="13.5" fill="none" stroke="#0b1220" strokeOpacity=".35" strokeWidth="1.5" />
    <path d="M16 12v16M16 12h5a4 4 0 010 8h-5M16 20h6a4 4 0 010 8h-6M20 9v22" stroke="#0b1220" strokeWidth="2.4" fill="none" strokeLinecap="round" />
  </svg>
);
export const ArrowDownIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><rect x="3" y="6" width="18" height="13" rx="3" /><path d="M12 2v9M8.5 7.5L12 11l3.5-3.5" /></svg>
);
export const ArrowUpIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><rect x="3" y="6" width="18" height="13" rx="3" /><path d="M12 14V3M8.5 6.5L12 3l3.5 3.5" /></svg>
);
export const CollectIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M4 4v6h6" /><path d="M20 20v-6h-6" /><path d="M5 10a8 8 0 0114-3M19 14a8 8 0 01-14 3" /></svg>
);
export const UsersIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><circle cx="9" cy="8" r="3.5" /><path d="M2 20c0-3.5 3-5.5 7-5.5s7 2 7 5.5" /><circle cx="17" cy="9" r="2.5" /><path d="M17 14.5c2.5 0 5 1.5 5 4.5" /></svg>
);
export const RefundIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><path d="M9 14l-5-5 5-5" /><path d="M4 9h11a5 5 0 010 10h-4" /></svg>
);
export const WheelIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg {...base} {...props}><circle cx="12" cy="13" r="8" /><path d="M12 5v16M4 13h16M6.3 7.3l11.4 11.4M17.7 7.3L6.3 18.7" /><path d="M10 2h4l-2 3z" /></svg>
);
