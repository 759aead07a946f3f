import type { CategoryTiles } from "~/catalog/category-tiles";
import { Localized } from "~/components/localized";
import { ResponsiveImage, categoryTileImage } from "~/components/responsive-image";
import { useRootData } from "~/hooks/use-root-data";
import { useLang } from "~/i18n/use-lang";
import { AppLink } from "~/navigation/app-link";

/** The categories of the products page or a category page: picture tiles, then any others as links. */
export function CategoryTileGrid({ tiles, more }: CategoryTiles) {
  const lang = useLang();
  const { mediaBase } = useRootData();
  return (
    <>
      <ul className={`tile-grid${tiles.length <= 2 ? " tile-grid--two" : ""}`}>
        {tiles.map((tile, index) => (
          <li key={tile.id}>
            <AppLink to={tile.href} className="tile">
              {/* The first row (three across) is in view under the heading; the rest loads on scrolling. */}
              <ResponsiveImage mediaBase={mediaBase} {...categoryTileImage(tile.symbol, mediaBase)} alt="" eager={index < 3} />
              <span className="tile__name">
                <Localized text={tile.name[lang]} />
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
      {more ? (
        <ul className="category-index">
          {more.map((link) => (
            <li key={link.id}>
              <AppLink to={link.href}>
                <Localized text={link.name[lang]} />
              </AppLink>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
