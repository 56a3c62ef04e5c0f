/** The part of spin-wheel (5.x, plain JavaScript) this app uses. */
declare module 'spin-wheel' {
  export interface WheelItem {
    label?: string;
    backgroundColor?: string;
    labelColor?: string;
  }
  export interface WheelProps {
    items?: WheelItem[];
    isInteractive?: boolean;
    pointerAngle?: number;
    rotation?: number;
    radius?: number;
    itemLabelFont?: string;
    itemLabelFontSizeMax?: number;
    itemLabelRadius?: number;
    itemLabelRadiusMax?: number;
    itemLabelAlign?: 'left' | 'center' | 'right';
    itemLabelBaselineOffset?: number;
    lineColor?: string;
    lineWidth?: number;
    borderColor?: string;
    borderWidth?: number;
    onRest?: (event: { currentIndex: number; rotation: number }) => void;
  }
  export class Wheel {
    constructor(container: Element, props?: WheelProps);
    itemLabelRadius: number;
    itemLabelBaselineOffset: number;
    /** Called on each frame with every item's angles (degrees from 12 o'clock, the rotation included). */
    protected drawItemLabels(context: CanvasRenderingContext2D, angles: Array<{ start: number; end: number }>): void;
    rotation: number;
    items: WheelItem[];
    itemLabelFont: string;
    spinTo(rotation: number, duration: number, easingFunction?: (progress: number) => number): void;
    stop(): void;
    remove(): void;
    getCurrentIndex(): number;
  }
}
