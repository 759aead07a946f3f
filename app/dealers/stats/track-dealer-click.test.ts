import { describe, expect, it, vi } from "vitest";
import { dealerClickBody, dealerClickHandlers, installDealerClickTracking } from "./track-dealer-click";

/** Just enough of an element for the delegated listener: attributes and closest(). */
class FakeElement extends EventTarget {
  constructor(
    private readonly attributes: Record<string, string>,
    private readonly parent: FakeElement | null = null,
  ) {
    super();
  }
  getAttribute(name: string): string | null {
    return this.attributes[name] ?? null;
  }
  closest(selector: string): FakeElement | null {
    const name = /^\[([a-z-]+)\]$/.exec(selector)?.[1] ?? "";
    return name in this.attributes ? this : (this.parent?.closest(selector) ?? null);
  }
}

function clickOn(root: EventTarget, target: FakeElement, type = "click", button = 0) {
  const event = new Event(type);
  Object.defineProperty(event, "target", { value: target });
  Object.defineProperty(event, "button", { value: button });
  root.dispatchEvent(event);
}

describe("dealerClickBody", () => {
  it("finds the counted link from a click on its text, and the slug on the link or around it", () => {
    const link = new FakeElement({ "data-dealer-click": "directions", "data-dealer": "zweirad-koehler-kassel" });
    expect(dealerClickBody(new FakeElement({}, link))).toBe('{"dealer":"zweirad-koehler-kassel","kind":"directions"}');
    const card = new FakeElement({ "data-dealer": "radhaus-berger-muenchen" });
    const cardLink = new FakeElement({ "data-dealer-click": "phone" }, new FakeElement({}, card));
    expect(dealerClickBody(new FakeElement({}, cardLink))).toBe('{"dealer":"radhaus-berger-muenchen","kind":"phone"}');
  });

  it("ignores other clicks and tampered attributes", () => {
    expect(dealerClickBody(new FakeElement({}))).toBeNull();
    expect(dealerClickBody(null)).toBeNull();
    expect(dealerClickBody(new FakeElement({ "data-dealer-click": "fax", "data-dealer": "a-b" }))).toBeNull();
    expect(dealerClickBody(new FakeElement({ "data-dealer-click": "phone", "data-dealer": "Not A Slug" }))).toBeNull();
    expect(dealerClickBody(new FakeElement({ "data-dealer-click": "phone" }))).toBeNull();
  });
});

describe("installDealerClickTracking", () => {
  it("sends one beacon per click on a counted link, also for the middle button, once however often installed", () => {
    const root = new EventTarget();
    const send = vi.fn();
    installDealerClickTracking(root, send);
    installDealerClickTracking(root, send);
    const link = new FakeElement({ "data-dealer-click": "email", "data-dealer": "radhaus-berger-muenchen" });
    clickOn(root, link);
    clickOn(root, link, "auxclick", 1);
    clickOn(root, link, "auxclick", 2);
    clickOn(root, new FakeElement({}));
    expect(send.mock.calls).toEqual([
      ['{"dealer":"radhaus-berger-muenchen","kind":"email"}'],
      ['{"dealer":"radhaus-berger-muenchen","kind":"email"}'],
    ]);
  });
});

describe("dealerClickHandlers", () => {
  it("reports the primary and the middle button, not the context menu's", () => {
    const send = vi.fn();
    const { onClick, onAuxClick } = dealerClickHandlers("web", "radhaus-berger-muenchen", send);
    onClick?.({ type: "click", button: 0 });
    onAuxClick?.({ type: "auxclick", button: 1 });
    onAuxClick?.({ type: "auxclick", button: 2 });
    expect(send.mock.calls).toEqual([['{"dealer":"radhaus-berger-muenchen","kind":"web"}'], ['{"dealer":"radhaus-berger-muenchen","kind":"web"}']]);
  });

  it("adds nothing for a dealer without a usable slug", () => {
    expect(dealerClickHandlers("phone", undefined)).toEqual({});
    expect(dealerClickHandlers("phone", "Not A Slug")).toEqual({});
  });
});
