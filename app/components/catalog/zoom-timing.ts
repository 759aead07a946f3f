/** Zoom timings of the specification (section 9), in one place for the component and its tests. */
export const ZOOM = {
  hoverDelayMs: 250,
  hoverOffMs: 150,
  fadeMs: 300,
  longPressMs: 500,
  moveThresholdPx: 5,
  scale: 2.5,
} as const;
