// @vitest-environment happy-dom
import { act } from "react";
import { type Root, createRoot } from "react-dom/client";
import { MemoryRouter, useNavigate } from "react-router";
import { afterEach, expect, it } from "vitest";
import { useMenuOpen } from "./use-menu-open";

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
});

let controls: { setOpen: (open: boolean) => void; navigate: (to: string) => void } | null = null;

function Menu() {
  const [open, setOpen] = useMenuOpen();
  const navigate = useNavigate();
  controls = { setOpen, navigate: (to) => void navigate(to) };
  return <p id="state">{open ? "open" : "closed"}</p>;
}

it("closes the menu when the path or the query changes, and only then", () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const container = document.createElement("div");
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(<MemoryRouter initialEntries={["/products"]}><Menu /></MemoryRouter>));
  const state = () => container.querySelector("#state")?.textContent;
  expect(state()).toBe("closed");
  act(() => controls?.setOpen(true));
  expect(state()).toBe("open");
  act(() => controls?.navigate("/service"));
  expect(state()).toBe("closed");
  act(() => controls?.setOpen(true));
  act(() => controls?.navigate("/service?lang=en"));
  expect(state()).toBe("closed");
  act(() => controls?.setOpen(true));
  act(() => controls?.navigate("/service?lang=en#top"));
  expect(state()).toBe("open");
});
