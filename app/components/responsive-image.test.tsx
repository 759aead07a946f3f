import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ContentPicture } from "~/content/media-picture";
import { ArticleImage, ContentImage, ResponsiveImage, hasVariants, originalUrl, variantUrl } from "./responsive-image";

/**
 * Attributes of every element of one tag, in document order, names in lower case as the browser
 * sees them (React writes `srcSet`). The markup is React's own, so a regular expression will do.
 */
function elements(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((match) =>
    Object.fromEntries([...(match[1] ?? "").matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((m) => [(m[1] ?? "").toLowerCase(), (m[2] ?? "").replace(/&amp;/g, "&")])),
  );
}

const article = {
  mediaBase: "/media",
  path: "shop/images/VB-33754_1",
  widths: [640, 240, 400],
  sizes: "(max-width: 560px) 100vw, 400px",
  width: 400,
  height: 400,
  alt: "Bild 1 von Lampe",
};

describe("URL helpers", () => {
  it("builds variant and original URLs, encoding each segment but not the slashes", () => {
    expect(variantUrl("/media", 400, "shop/images/VB-1_1", "webp")).toBe("/media/w/400/shop/images/VB-1_1.webp");
    expect(originalUrl("/media", "shop/images/VB-1_1")).toBe("/media/shop/images/VB-1_1.jpg");
    expect(originalUrl("/media", "shop/images/a b#1")).toBe("/media/shop/images/a%20b%231.jpg");
  });

  it("offers variants only for media served by this site", () => {
    expect(hasVariants("/media")).toBe(true);
    expect(hasVariants("https://media.example.com/m")).toBe(false);
  });
});

describe("<ResponsiveImage>", () => {
  it("offers AVIF and WebP sources and a JPEG fallback, widths ascending, with sizes", () => {
    const html = renderToStaticMarkup(<ResponsiveImage {...article} />);
    expect(html.startsWith("<picture>")).toBe(true);
    const sources = elements(html, "source");
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.srcset).toBe(
      "/media/w/240/shop/images/VB-33754_1.avif 240w, /media/w/400/shop/images/VB-33754_1.avif 400w, /media/w/640/shop/images/VB-33754_1.avif 640w",
    );
    expect(sources[1]?.srcset).toContain("/media/w/640/shop/images/VB-33754_1.webp 640w");
    expect(sources.every((s) => s.sizes === article.sizes)).toBe(true);

    const [img] = elements(html, "img");
    expect(img).toMatchObject({
      src: "/media/shop/images/VB-33754_1.jpg",
      sizes: article.sizes,
      width: "400",
      height: "400",
      alt: "Bild 1 von Lampe",
      loading: "lazy",
      decoding: "async",
    });
    expect(img?.srcset).toContain("/media/w/240/shop/images/VB-33754_1.jpg 240w");
    expect(img?.fetchpriority).toBeUndefined();
  });

  it("loads the main picture at once with high priority", () => {
    const [img] = elements(renderToStaticMarkup(<ResponsiveImage {...article} priority className="panel__image" />), "img");
    expect(img).toMatchObject({ loading: "eager", fetchpriority: "high", class: "panel__image" });
  });

  it("loads eager pictures at once without raising their priority", () => {
    const [img] = elements(renderToStaticMarkup(<ResponsiveImage {...article} eager />), "img");
    expect(img?.loading).toBe("eager");
    expect(img?.fetchpriority).toBeUndefined();
  });

  it("puts the mobile crop first, in every format, with its own size", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage
        mediaBase="/media"
        path="static/slide-1-desktop"
        widths={[960, 1600]}
        sizes="100vw"
        width={1600}
        height={640}
        alt=""
        priority
        mobile={{ path: "static/slide-1-mobile", width: 800, height: 1000, widths: [400, 800], media: "(max-width: 640px)" }}
      />,
    );
    const sources = elements(html, "source");
    expect(sources.map((s) => [s.media, s.type])).toEqual([
      ["(max-width: 640px)", "image/avif"],
      ["(max-width: 640px)", "image/webp"],
      ["(max-width: 640px)", "image/jpeg"],
      [undefined, "image/avif"],
      [undefined, "image/webp"],
    ]);
    expect(sources[2]).toMatchObject({ width: "800", height: "1000", sizes: "100vw" });
    expect(sources[2]?.srcset).toBe("/media/w/400/static/slide-1-mobile.jpg 400w, /media/w/800/static/slide-1-mobile.jpg 800w");
    expect(elements(html, "img")[0]).toMatchObject({ width: "1600", height: "640", src: "/media/static/slide-1-desktop.jpg" });
  });

  it("shows the plain original from a provider's media host, which has no variants", () => {
    const html = renderToStaticMarkup(<ResponsiveImage {...article} mediaBase="https://media.example.com/m" />);
    expect(html).not.toContain("<picture");
    expect(html).not.toContain("srcset");
    expect(elements(html, "img")[0]).toMatchObject({
      src: "https://media.example.com/m/shop/images/VB-33754_1.jpg",
      width: "400",
      height: "400",
      loading: "lazy",
    });
  });

  it("keeps art direction with originals only on a provider's media host", () => {
    const html = renderToStaticMarkup(
      <ResponsiveImage
        mediaBase="https://media.example.com/m"
        path="categories/cat_x_Desktop_220x220"
        widths={[220]}
        sizes="220px"
        width={220}
        height={220}
        alt=""
        eager
        mobile={{ path: "categories/cat_x_Mobile_150x150", width: 150, height: 150, widths: [150], media: "(max-width: 640px)" }}
      />,
    );
    expect(elements(html, "source")).toEqual([
      { media: "(max-width: 640px)", srcset: "https://media.example.com/m/categories/cat_x_Mobile_150x150.jpg", width: "150", height: "150" },
    ]);
    expect(elements(html, "img")[0]).toMatchObject({ src: "https://media.example.com/m/categories/cat_x_Desktop_220x220.jpg", loading: "eager" });
  });
});

/** `node` under a root route whose data names `mediaBase`, as every page has it (app/root.tsx). */
function underRoot(node: React.ReactNode, mediaBase: string): string {
  const Stub = createRoutesStub([{ id: "root", path: "/", Component: () => node }]);
  return renderToStaticMarkup(<Stub initialEntries={["/"]} hydrationData={{ loaderData: { root: { mediaBase } } }} />);
}

describe("ArticleImage", () => {
  it("shows an article's picture from shop/images in a square box, at every width of an 800-pixel original", () => {
    const html = underRoot(<ArticleImage image="VB-1_1" size={240} sizes="240px" alt="" className="recall__image" />, "/media");
    expect(elements(html, "img")[0]).toMatchObject({ src: "/media/shop/images/VB-1_1.jpg", width: "240", height: "240", class: "recall__image" });
    expect(elements(html, "img")[0]?.srcset).toBe(
      "/media/w/240/shop/images/VB-1_1.jpg 240w, /media/w/320/shop/images/VB-1_1.jpg 320w, /media/w/400/shop/images/VB-1_1.jpg 400w, /media/w/640/shop/images/VB-1_1.jpg 640w, /media/w/800/shop/images/VB-1_1.jpg 800w",
    );
  });

  it("shows its fallback, or nothing, for an article without a picture", () => {
    expect(underRoot(<ArticleImage image={null} size={56} sizes="56px" alt="" fallback={<span className="empty" />} />, "/media")).toBe('<span class="empty"></span>');
    expect(underRoot(<ArticleImage image="" size={56} sizes="56px" alt="" />, "/media")).toBe("");
  });
});

describe("ContentImage", () => {
  it("offers the wanted widths the editor's picture has, in its own size", () => {
    const picture: ContentPicture = { path: "static/hero", width: 1000, height: 400 };
    const html = underRoot(<ContentImage picture={picture} widths={[640, 960, 1200]} sizes="100vw" alt="" />, "/media");
    expect(elements(html, "img")[0]).toMatchObject({ src: "/media/static/hero.jpg", width: "1000", height: "400" });
    expect(elements(html, "img")[0]?.srcset).toBe("/media/w/640/static/hero.jpg 640w, /media/w/960/static/hero.jpg 960w");
  });
});
