import { createContext, useContext } from 'react';

/**
 * The overlays a feature may open without importing the feature that draws them:
 * each name maps to the props it takes. `app/overlays.tsx` fills this in (module augmentation) and
 * registers the components; features only know the names.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by app/overlays.tsx
export interface OverlayRegistry {}
export type OverlayName = keyof OverlayRegistry;

/** What every overlay component receives besides its own props: how to close, with a result. */
export interface OverlayControls {
  close(result?: unknown): void;
}

export interface OverlayOpener {
  /** Shows the overlay (one at a time); resolves with what it closed with, once it closes. */
  open<Name extends OverlayName>(name: Name, props: OverlayRegistry[Name]): Promise<unknown>;
  /** Closes what is open (the screen it belonged to is gone), answering undefined. */
  closeAll(): void;
  /** Loads the code of these overlays now, so that a tap opens them without waiting for it; settles once it is in (or failed). */
  preload(...names: OverlayName[]): Promise<unknown>;
}

export const OverlayContext = createContext<OverlayOpener | null>(null);

export function useOverlay(): OverlayOpener {
  const opener = useContext(OverlayContext);
  if (!opener) throw new Error('useOverlay needs the OverlayHost of app/');
  return opener;
}
