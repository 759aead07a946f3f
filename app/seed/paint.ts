/** The colours of one product drawing (drawings.ts): the article's own, its shades, metal and rubber. */
export interface Paint {
  /** The article's colour. */
  main: string;
  dark: string;
  light: string;
  metal: string;
  metalDark: string;
  rubber: string;
  brand: string;
  accent: string;
  /** Varies small details between articles of the same kind. */
  salt: number;
}

function rgb(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace("#", ""), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [r1, g1, b1] = rgb(a);
  const [r2, g2, b2] = rgb(b);
  const channel = (x: number, y: number): string =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, "0");
  return `#${channel(r1, r2)}${channel(g1, g2)}${channel(b1, b2)}`;
}

export function makePaint(main: string, brand: string, accent: string, salt: number): Paint {
  return {
    main,
    dark: mix(main, "#000000", 0.38),
    light: mix(main, "#ffffff", 0.45),
    metal: "#b9c0c6",
    metalDark: "#6e777e",
    rubber: "#2a2e31",
    brand,
    accent,
    salt,
  };
}

/** A coordinate with one decimal at most, as the drawings write them. */
export const f = (n: number): string => (Math.round(n * 10) / 10).toString();
