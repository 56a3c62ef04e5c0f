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
    rotation: number;
    items: WheelItem[];
    itemLabelFont: string;
    spinTo(rotation: number, duration: number, easingFunction?: (progress: number) => number): void;
    stop(): void;
    remove(): void;
    getCurrentIndex(): number;
  }
}
