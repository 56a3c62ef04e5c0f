import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { keepWords } from './i18n/keepWords';

/** Every piece of server-supplied HTML goes through DOMPurify (DESIGN §2); Thai and Lao loanwords are kept whole. */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(keepWords(html), { USE_PROFILES: { html: true } }), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
