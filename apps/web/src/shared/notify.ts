import { type ExternalToast, toast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Options = Omit<ExternalToast, 'id'>;

/** The toast last shown for each subject, by its sonner id. */
const shownFor = new Map<string, string | number>();

/**
 * One toast per subject (an action, a form): a new answer replaces the previous one instead of
 * stacking under it. It comes under a fresh id, the previous one dismissed: reusing the id would
 * merge the new text into a toast whose 4 s had just run out, and sonner removes both 200 ms later,
 * so the member would see no answer to their tap.
 */
function show(kind: Kind, subject: string, text: string, options?: Options) {
  const previous = shownFor.get(subject);
  if (previous !== undefined) toast.dismiss(previous);
  const id = toast[kind](text, options);
  shownFor.set(subject, id);
  return id;
}

export const notify = {
  success: (subject: string, text: string, options?: Options) => show('success', subject, text, options),
  error: (subject: string, text: string, options?: Options) => show('error', subject, text, options),
  info: (subject: string, text: string, options?: Options) => show('info', subject, text, options),
  warning: (subject: string, text: string, options?: Options) => show('warning', subject, text, options),
};
