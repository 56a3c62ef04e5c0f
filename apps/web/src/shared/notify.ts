import type { ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning' | 'loading';
type Options = Omit<ExternalToast, 'id'>;

/** sonner loads with the first toast (or with the toaster, once the page is idle): no screen waits for it. */
const sonner = () => import('sonner');

/** The toast last shown for each subject, by the id it was given. */
const shownFor = new Map<string, string>();
let shown = 0;

/**
 * One toast per subject (an action, a form): a new answer replaces the previous one instead of
 * stacking under it. It comes under a fresh id, the previous one dismissed: reusing the id would
 * merge the new text into a toast whose 4 s had just run out, and sonner removes both 200 ms later,
 * so the member would see no answer to their tap.
 */
function show(kind: Kind, subject: string, text: string, options?: Options): void {
  const previous = shownFor.get(subject);
  const id = `${subject}:${(shown += 1)}`;
  shownFor.set(subject, id);
  void sonner().then(({ toast }) => {
    if (previous !== undefined) toast.dismiss(previous);
    toast[kind](text, { ...options, id });
  });
}

/** The subject's toast goes: what it said no longer stands. */
function dismiss(subject: string): void {
  const previous = shownFor.get(subject);
  if (previous === undefined) return;
  shownFor.delete(subject);
  void sonner().then(({ toast }) => toast.dismiss(previous));
}

export const notify = {
  success: (subject: string, text: string, options?: Options) => show('success', subject, text, options),
  error: (subject: string, text: string, options?: Options) => show('error', subject, text, options),
  info: (subject: string, text: string, options?: Options) => show('info', subject, text, options),
  warning: (subject: string, text: string, options?: Options) => show('warning', subject, text, options),
  /** Stays until dismissed. */
  loading: (subject: string, text: string) => show('loading', subject, text),
  dismiss,
};
