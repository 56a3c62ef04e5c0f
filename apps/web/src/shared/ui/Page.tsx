import { type ReactNode, useEffect } from 'react';
import { APP_NAME } from '../../env';

/** Sets the document title; every screen is wrapped in one. */
export function Page({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
  return <main className={`mx-auto w-full max-w-lg px-4 ${className}`}>{children}</main>;
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-3xl border border-white/10 bg-night-850/80 p-5 shadow-xl ${className}`}>{children}</section>;
}
