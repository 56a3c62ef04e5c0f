import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The hook with an idle queue of its own, as a page starts it: empty. */
async function fresh() {
  vi.resetModules();
  const [{ FIRST_READS_WAIT_MS, useDrawnWhole }, { whenIdle }] = await Promise.all([import('./useDrawnWhole'), import('../../shared/useWhenIdle')]);
  return { FIRST_READS_WAIT_MS, useDrawnWhole, whenIdle };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("home's first drawing", () => {
  it('waits while its first reads are on their way, and is drawn once they are in', async () => {
    const { useDrawnWhole } = await fresh();
    const { result, rerender } = renderHook(({ waiting }) => useDrawnWhole(waiting), { initialProps: { waiting: true } });
    expect(result.current).toBe(false);
    rerender({ waiting: false });
    expect(result.current).toBe(true);
    // A read asked again later never takes home off the screen.
    rerender({ waiting: true });
    expect(result.current).toBe(true);
  });

  it('is drawn without them once it has waited its longest', async () => {
    const { FIRST_READS_WAIT_MS, useDrawnWhole } = await fresh();
    vi.useFakeTimers();
    const { result } = renderHook(() => useDrawnWhole(true));
    act(() => vi.advanceTimersByTime(FIRST_READS_WAIT_MS - 1));
    expect(result.current).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('is drawn at once when nothing is on its way', async () => {
    const { useDrawnWhole } = await fresh();
    expect(renderHook(() => useDrawnWhole(false)).result.current).toBe(true);
  });

  it('holds what waits for an idle moment until home is drawn, or gone', async () => {
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idleCallbacks.push(run));
    const { useDrawnWhole, whenIdle } = await fresh();
    const runIdle = async () => {
      await vi.waitFor(() => expect(idleCallbacks.length).toBeGreaterThan(0));
      act(() => idleCallbacks.shift()!());
    };
    const { rerender, unmount } = renderHook(({ waiting }) => useDrawnWhole(waiting), { initialProps: { waiting: true } });
    const ran: string[] = [];
    whenIdle(() => void ran.push('later'));
    await runIdle();
    // Home's hold runs first and waits: the later job gets no idle moment meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idleCallbacks).toHaveLength(0);
    expect(ran).toEqual([]);
    rerender({ waiting: false });
    await runIdle();
    expect(ran).toEqual(['later']);

    // Gone before it was drawn (the member left): the queue goes on.
    const second = renderHook(() => useDrawnWhole(true));
    whenIdle(() => void ran.push('after leaving'));
    await runIdle();
    second.unmount();
    await runIdle();
    expect(ran).toEqual(['later', 'after leaving']);
    unmount();
  });
});
