import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../shared/useWhenIdle';

/** The longest home waits for its first reads before it is drawn without them. */
export const FIRST_READS_WAIT_MS = 1000;

/**
 * False while home's first reads are on their way, for at most FIRST_READS_WAIT_MS: home is then
 * drawn once, whole, instead of first with dashes and again with its figures a moment later. Once
 * true it stays true: a read asked again later never takes home off the screen.
 *
 * Until home is drawn (or gone) it holds the idle queue: its job, queued with home's first render
 * ahead of what the shells queue, waits for the drawing, so nothing loaded once idle is part of it.
 */
export function useDrawnWhole(waiting: boolean): boolean {
  const [drawn, setDrawn] = useState(!waiting);
  const [hold] = useState(() => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    return { released, release };
  });
  useEffect(() => {
    if (drawn) {
      hold.release();
      return;
    }
    // Drawn as a transition, which yields to the browser every few milliseconds: the reads' arrival
    // is a store update, which React would otherwise render in one long task (ADR 0459).
    const draw = () => startTransition(() => setDrawn(true));
    if (!waiting) {
      draw();
      return;
    }
    const timer = setTimeout(draw, FIRST_READS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting, drawn, hold]);
  useEffect(() => {
    const takeBack = whenIdle(() => hold.released);
    return () => {
      takeBack();
      hold.release();
    };
  }, [hold]);
  return drawn;
}
