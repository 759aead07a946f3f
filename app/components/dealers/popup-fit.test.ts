import { describe, expect, it } from "vitest";
import { type Box, popupShift } from "./popup-fit";

/** A popup of `width` × `height` above a marker in the middle of the frame, as after a fly-to. */
function centred(frame: { width: number; height: number }, width: number, height: number): Box {
  const x = frame.width / 2;
  const y = frame.height / 2;
  return { left: x - width / 2, right: x + width / 2, top: y - height, bottom: y };
}

const moved = (box: Box, shift: { x: number; y: number }): Box => ({
  left: box.left + shift.x,
  right: box.right + shift.x,
  top: box.top + shift.y,
  bottom: box.bottom + shift.y,
});

const intersects = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe("popupShift", () => {
  it("leaves a popup alone that already fits", () => {
    expect(popupShift({ left: 100, right: 300, top: 50, bottom: 200 }, { width: 800, height: 400 })).toEqual({ x: 0, y: 0 });
  });

  it("moves a popup above a centred marker down until its top shows (desktop map)", () => {
    const frame = { width: 1198, height: 458 };
    const zoom: Box = { left: 1150, right: 1188, top: 10, bottom: 86 };
    const box = centred(frame, 300, 280);
    const shift = popupShift(box, frame, [zoom]);
    expect(shift).toEqual({ x: 0, y: 8 - box.top });
    expect(intersects(moved(box, shift), zoom)).toBe(false);
  });

  it("moves a phone popup beside the zoom buttons when it is narrow enough", () => {
    const frame = { width: 356, height: 338 };
    const zoom: Box = { left: 308, right: 346, top: 10, bottom: 86 };
    const attribution: Box = { left: 100, right: 356, top: 320, bottom: 338 };
    const box = centred(frame, 280, 230);
    const after = moved(box, popupShift(box, frame, [zoom, attribution]));
    expect(intersects(after, zoom)).toBe(false);
    expect(intersects(after, attribution)).toBe(false);
    expect(after.left).toBeGreaterThanOrEqual(8);
    expect(after.top).toBeGreaterThanOrEqual(8);
    expect(after.right).toBeLessThanOrEqual(zoom.left - 8);
    expect(after.bottom).toBeLessThanOrEqual(attribution.top - 8);
  });

  it("moves a popup too wide to pass the zoom buttons below them", () => {
    const frame = { width: 356, height: 338 };
    const zoom: Box = { left: 308, right: 346, top: 10, bottom: 86 };
    const box = centred(frame, 330, 200);
    const after = moved(box, popupShift(box, frame, [zoom]));
    expect(after.top).toBe(zoom.bottom + 8);
    expect(intersects(after, zoom)).toBe(false);
  });

  it("keeps the top edge in view when the popup is taller than the frame", () => {
    const frame = { width: 400, height: 200 };
    const box = centred(frame, 200, 400);
    expect(moved(box, popupShift(box, frame)).top).toBe(8);
  });
});
