/** Only same-site member paths are honoured as a post-login destination. */
export function safeRedirect(target: string | null): string {
  return target && target.startsWith('/user') && !target.startsWith('//') ? target : '/user';
}
