import type { SVGProps } from 'react';
import { base } from './icons';

/** The member screens' icons (the public shell's are in icons.tsx, with `base`). */
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
