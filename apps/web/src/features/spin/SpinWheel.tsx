import type { SpinSlice } from '@wallet/contract';
import { Wheel } from 'spin-wheel';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { POINTER_ANGLE, type SpinPlan, frictionEasing, labelReadsUpsideDown, targetRotation } from './wheel-motion';

export interface SpinWheelHandle {
  /** Turns the wheel to rest on slice `index`; resolves with the rotation it rests at. */
  spinTo(index: number, plan: SpinPlan): Promise<number>;
}

const LABEL_FONT = '"Noto Sans Thai", "Noto Sans Lao", sans-serif';

/** What spin-wheel 5.0 keeps about the drawn wheel (not in its typings; the version is pinned). */
interface DrawnWheel {
  _items: Array<{ label: string; labelColor?: string; path: Path2D }>;
  _center: { x: number; y: number };
  _actualRadius: number;
  _itemLabelFontSize: number;
}
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * spin-wheel turns every label with its slice, so on the left half they read upside down; it has no
 * per-label setting. This draws them as it does (from the rim inward) but turns the left half's by
 * half a turn, anchored at the same point and running toward the centre.
 */
class UprightLabelWheel extends Wheel {
  protected override drawItemLabels(context: CanvasRenderingContext2D, angles: Array<{ start: number; end: number }>): void {
    const drawn = this as unknown as DrawnWheel;
    const baseline = drawn._itemLabelFontSize * -this.itemLabelBaselineOffset;
    angles.forEach((angle, index) => {
      const item = drawn._items[index];
      if (!item || item.label.trim() === '' || !item.labelColor) return;
      const middle = angle.start + (angle.end - angle.start) / 2;
      const reach = drawn._actualRadius * this.itemLabelRadius;
      context.save();
      context.clip(item.path);
      context.translate(drawn._center.x + Math.cos(radians(middle - 90)) * reach, drawn._center.y + Math.sin(radians(middle - 90)) * reach);
      context.rotate(radians(middle - 90));
      const flipped = labelReadsUpsideDown(middle);
      if (flipped) {
        context.rotate(Math.PI);
        context.textAlign = 'left';
      }
      context.fillStyle = item.labelColor;
      context.fillText(item.label, 0, flipped ? -baseline : baseline);
      context.restore();
    });
  }
}

/**
 * The wheel on a canvas (spin-wheel draws it, sized to its container: at most 350 px or 85 % of the
 * window), slices in their colours with their labels; the pointer is ours, at 12 o'clock. Members
 * cannot fling it: only the server's answer turns it.
 */
export const SpinWheel = forwardRef<SpinWheelHandle, { slices: SpinSlice[] }>(function SpinWheel({ slices }, ref) {
  const container = useRef<HTMLDivElement>(null);
  const wheel = useRef<Wheel | null>(null);
  const resting = useRef<((rotation: number) => void) | null>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = new UprightLabelWheel(element, {
      isInteractive: false,
      pointerAngle: POINTER_ANGLE,
      radius: 0.96,
      itemLabelFont: LABEL_FONT,
      itemLabelFontSizeMax: 34,
      itemLabelRadius: 0.9,
      itemLabelRadiusMax: 0.32,
      itemLabelBaselineOffset: -0.1,
      lineColor: '#0b1020',
      lineWidth: 2,
      borderColor: '#f5c451',
      borderWidth: 8,
      onRest: (event) => {
        element.dataset.rotation = String(event.rotation);
        resting.current?.(event.rotation);
        resting.current = null;
      },
    });
    wheel.current = created;
    // Thai and Lao glyphs must be loaded before the canvas draws the labels, or it falls back to boxes.
    void document.fonts?.load(`700 16px ${LABEL_FONT}`, 'กขຂ').then(() => {
      if (wheel.current === created) created.itemLabelFont = LABEL_FONT;
    });
    return () => {
      created.remove();
      wheel.current = null;
    };
  }, []);

  useEffect(() => {
    if (!wheel.current) return;
    wheel.current.items = slices.map((slice) => ({ label: slice.label, backgroundColor: slice.bgColor, labelColor: slice.textColor }));
    container.current?.setAttribute('data-slices', slices.map((slice) => slice.code).join(','));
  }, [slices]);

  useImperativeHandle(ref, () => ({
    spinTo(index, plan) {
      const current = wheel.current;
      if (!current) return Promise.reject(new Error('the wheel is not drawn'));
      const target = targetRotation(current.rotation, index, slices.length, plan.revolutions);
      container.current?.setAttribute('data-target-index', String(index));
      return new Promise<number>((resolve) => {
        resting.current = resolve;
        current.spinTo(target, plan.durationMs, frictionEasing(plan.durationMs));
      });
    },
  }));

  return (
    <div className="relative mx-auto aspect-square w-[min(350px,85vw)]">
      <div ref={container} className="h-full w-full" data-testid="spin-wheel" />
      {/* The pointer: a gold triangle over 12 o'clock. */}
      <svg aria-hidden viewBox="0 0 40 40" className="absolute left-1/2 top-0 h-10 w-10 -translate-x-1/2 -translate-y-1 drop-shadow">
        <path d="M8 4h24L20 30z" fill="#f5c451" stroke="#0b1020" strokeWidth="2" strokeLinejoin="round" />
      </svg>
    </div>
  );
});
