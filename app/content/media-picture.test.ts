import { describe, expect, it } from "vitest";
import { isMediaPicture, mediaPicture, pictureWidths, responsivePicture } from "./media-picture";

describe("mediaPicture", () => {
  const schema = mediaPicture();

  it("takes a JPEG path in the media folder and gives the path ResponsiveImage addresses", () => {
    const picture = schema.parse(" static/slide-1-desktop.jpg ");
    expect(picture).toEqual({ path: "static/slide-1-desktop", width: 0, height: 0 });
    expect(isMediaPicture(picture)).toBe(true);
    expect(isMediaPicture({ path: "static/x", width: 0, height: 0 })).toBe(false);
    expect(schema.parse("Räder/Über uns.JPG").path).toBe("Räder/Über uns");
  });

  it("refuses what is not a JPEG or leaves the folder", () => {
    for (const value of ["static/slide.png", "../secret.jpg", "static/../../x.jpg", "/etc/x.jpg", ".variants/x.jpg", "static/.hidden.jpg", "a\\b.jpg", "a//b.jpg", "a/\u0000.jpg", ".jpg", 42, null]) {
      expect(schema.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it("offers the widths the original has, and one when none fits", () => {
    const picture = { path: "static/x", width: 900, height: 600 };
    expect(pictureWidths(picture, [400, 800, 960, 1600])).toEqual([400, 800]);
    expect(pictureWidths({ ...picture, width: 300 }, [400, 800])).toEqual([400]);
    expect(responsivePicture(picture, [800, 1600])).toEqual({ path: "static/x", width: 900, height: 600, widths: [800] });
  });
});
