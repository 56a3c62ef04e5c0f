/** The texts of the toasts on screen, not counting those leaving it (sonner marks them removed first). */
export const standingToasts = () => [...document.querySelectorAll('[data-sonner-toast]:not([data-removed="true"])')].map((node) => node.textContent);
