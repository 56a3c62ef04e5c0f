/** A part of one language's texts (vite.config.ts, localeParts). */
declare module 'virtual:locale/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
