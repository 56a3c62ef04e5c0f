/**
 * How the wheel moves (SPEC §2 Spin wheel): it slows by friction 0.991 a frame (60 fps)
 * over about 4–5 s with 2–3 extra turns, both randomised, and comes to rest exactly where the server's
 * answer says: the slice is decided before the wheel moves; the motion only shows it.
 */
export const FRICTION = 0.991;
const FRAMES_PER_SECOND = 60;
/** Where the pointer sits: 0° is 12 o'clock, as spin-wheel counts. */
export const POINTER_ANGLE = 0;

export interface SpinPlan {
  durationMs: number;
  revolutions: number;
}

/** A full spin, or with reduced motion a short one without extra turns. */
export function planSpin(reducedMotion: boolean, random: () => number = Math.random): SpinPlan {
  if (reducedMotion) return { durationMs: 600, revolutions: 0 };
  return { durationMs: Math.round(4_000 + random() * 1_000), revolutions: 2 + Math.floor(random() * 2) };
}

/**
 * Progress 0 → 1 over the spin: the speed decays by `friction` each frame, less a constant that
 * brings it to exactly 0 at the end, so the wheel neither jumps nor creeps onto its slice.
 */
export function frictionEasing(durationMs: number, friction = FRICTION): (progress: number) => number {
  const decay = -Math.log(friction) * FRAMES_PER_SECOND * (durationMs / 1000);
  const tail = Math.exp(-decay);
  const scale = 1 / (1 - tail * (1 + decay));
  return (progress) => {
    if (progress >= 1) return 1;
    return scale * (1 - Math.exp(-decay * progress) - decay * tail * progress);
  };
}

const degrees = (value: number) => ((value % 360) + 360) % 360;

/** The slice under the pointer at a rotation: slices are drawn clockwise from the rotation, equal in size. */
export function indexAtPointer(rotation: number, sliceCount: number): number {
  return Math.floor(degrees(POINTER_ANGLE - rotation) / (360 / sliceCount)) % sliceCount;
}

/**
 * The rotation that rests the pointer on slice `index`, at a random point of its middle 70 % (never on
 * a line between two slices), after `revolutions` extra clockwise turns.
 */
export function targetRotation(current: number, index: number, sliceCount: number, revolutions: number, random: () => number = Math.random): number {
  const width = 360 / sliceCount;
  const withinSlice = (index + 0.15 + 0.7 * random()) * width;
  const forward = degrees(POINTER_ANGLE - withinSlice - current);
  return current + forward + revolutions * 360;
}

/**
 * Whether a label drawn along its slice's radius (read from the rim inward, as spin-wheel draws it)
 * would be upside down: its slice's middle, in degrees clockwise from 12 o'clock with the wheel's
 * rotation, lies on the left half. Those labels are turned half a turn.
 */
export function labelReadsUpsideDown(middleDegrees: number): boolean {
  const angle = ((middleDegrees % 360) + 360) % 360;
  return angle > 180 && angle < 360;
}
