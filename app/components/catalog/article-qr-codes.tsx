import { digitalLinkHref } from "~/catalog/digital-link/digital-link-href";
import { qrFileName, qrHref } from "~/catalog/digital-link/qr-file";
import { brand } from "~/config/brand";
import { useRootData } from "~/hooks/use-root-data";
import { useT } from "~/i18n/use-t";

/**
 * The article's Digital Link and its QR codes for packaging (issue 28, decision 053): plain links
 * to the files, so they download without JavaScript. Nothing for an article without a GTIN.
 */
export function ArticleQrCodes({ eans }: { eans: readonly string[] }) {
  const t = useT();
  const { siteUrl } = useRootData();
  const link = digitalLinkHref(eans);
  if (!link) return null;
  const formats = [
    { format: "svg", type: "image/svg+xml" },
    { format: "png", type: "image/png" },
  ] as const;
  return (
    <section className="qr-codes" aria-labelledby="qr-codes-heading">
      <h3 id="qr-codes-heading" className="qr-codes__heading">
        {t("digitalLink.qrHeading")}
      </h3>
      <div className="qr-codes__body">
        {/* The printed code's picture: its meaning, the link, is the text beside it. */}
        <img src={qrHref(link.gtin14, "svg")} alt="" width={112} height={112} loading="lazy" className="qr-codes__image" />
        {/* The GS1 Digital Link the code carries: what a brand checks before printing. */}
        <code className="qr-codes__uri">{`${siteUrl}${link.path}`}</code>
      </div>
      <ul className="qr-codes__list">
        {formats.map(({ format, type }) => (
          <li key={format}>
            <a href={qrHref(link.gtin14, format)} download={qrFileName(brand.slug, link.gtin14, format)} type={type} className="qr-codes__link">
              {t("digitalLink.qrFile", { format: format.toUpperCase() })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
