import type { FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE, LANGUAGES, type Language } from '@wallet/contract';

const ALIASES: Record<string, Language> = { th: 'th', lo: 'lo', la: 'lo', en: 'en' };

function normalise(value: string | undefined): Language | undefined {
  return value ? ALIASES[value.trim().slice(0, 2).toLowerCase()] : undefined;
}

/**
 * The member's language for server-written texts: the upper-case language cookie the web app
 * keeps (SPEC §3), else Accept-Language, else the build's default.
 */
export function requestLanguage(request: FastifyRequest, fallback: Language): Language {
  const fromCookie = normalise(request.cookies[LANGUAGE_COOKIE]);
  if (fromCookie) return fromCookie;
  const accepted = (request.headers['accept-language'] ?? '')
    .split(',')
    .map((part) => normalise(part.split(';')[0]))
    .find((language): language is Language => language !== undefined && LANGUAGES.includes(language));
  return accepted ?? fallback;
}
