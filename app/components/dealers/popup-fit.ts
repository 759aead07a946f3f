/**
 * Where a marker's popup must go so all of it shows: inside the map frame and clear of the map's
 * controls (zoom buttons, attribution). Plain arithmetic on boxes in the frame's pixels, no Leaflet,
 * so it is tested without a browser. Leaflet's own autoPan knows only the frame's edges, and it
 * cannot run during a fly-to, which is why the dealer map asks this module instead.
 */

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Space kept between the popup and the frame's edges or a control. */
export const POPUP_MARGIN = 8;

const overlaps = (a0: number, a1: number, b0: number, b1: number) => a0 < b1 && b0 < a1;

/**
 * How far `box` (popup and marker, in frame pixels) must move so it lies within `frame` less
 * `margin` and touches none of the `controls`. The box moves beside a control where it fits there,
 * else below a control in the frame's upper half or above one in the lower half. When the
 * box is taller or wider than the room left, its top and left edge win: the dealer's name and
 * address are at the top.
 */
export function popupShift(box: Box, frame: Size, controls: readonly Box[] = [], margin = POPUP_MARGIN): { x: number; y: number } {
  const width = box.right - box.left;
  let minLeft = margin;
  let maxRight = frame.width - margin;
  const fitX = () => {
    let x = 0;
    if (box.right + x > maxRight) x = maxRight - box.right;
    if (box.left + x < minLeft) x = minLeft - box.left;
    return x;
  };
  let x = fitX();

  let minTop = margin;
  let maxBottom = frame.height - margin;
  for (const control of controls) {
    if (!overlaps(box.left + x, box.right + x, control.left - margin, control.right + margin)) continue;
    // Beside the control when the box is narrow enough for the room there: a small move sideways
    // keeps more of the map around the marker in view than a move past the control would.
    if (width <= control.left - margin - minLeft) {
      maxRight = Math.min(maxRight, control.left - margin);
    } else if (width <= maxRight - (control.right + margin)) {
      minLeft = Math.max(minLeft, control.right + margin);
    } else if (control.top + control.bottom < frame.height) {
      minTop = Math.max(minTop, control.bottom + margin);
    } else {
      maxBottom = Math.min(maxBottom, control.top - margin);
    }
    x = fitX();
  }

  let y = 0;
  if (box.bottom + y > maxBottom) y = maxBottom - box.bottom;
  if (box.top + y < minTop) y = minTop - box.top;
  return { x, y };
}
