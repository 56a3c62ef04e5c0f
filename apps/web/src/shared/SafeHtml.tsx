import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Every piece of server-supplied HTML goes through DOMPurify (DESIGN §2). */
export function SafeHtml({ html, className = '' }: { html: string; className?: string }) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <div className={`rich-text ${className}`} dangerouslySetInnerHTML={{ __html: clean }} />;
}
