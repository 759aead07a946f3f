import type { TFunction } from "i18next";
import type { ShownAddress } from "~/dealers/dealer/split-address";

/** Small line icons beside the contact details (24 px grid, drawn with the text colour). */
const ICONS = {
  address: "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zM12 12a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  phone: "M6.6 3.5h3l1.5 4-2 1.3a11 11 0 0 0 6.1 6.1l1.3-2 4 1.5v3a2 2 0 0 1-2.2 2A17 17 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2z",
  email: "M3.5 6h17v12h-17zM3.5 6.5l8.5 6.5 8.5-6.5",
  web: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3z",
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="dealer-profile__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}

export interface DealerContactData {
  slug: string;
  address: ShownAddress;
  /** The country in the page's language (app/geo/countries.ts), made by the loader. */
  countryName: string;
  phone: string;
  /** Made on the server from what the data source sent: null when there is nothing safe to link. */
  phoneHref: string | null;
  email: string;
  website: string | null;
  websiteText: string;
  directions: string | null;
}

type ClickKind = "phone" | "email" | "web" | "directions";

interface ContactLink {
  kind: Exclude<ClickKind, "directions">;
  label: string;
  href: string;
  text: string;
  newTab: boolean;
}

/**
 * Address, phone, e-mail and website with "directions" and "call" buttons. The links carry
 * `data-dealer-click` and `data-dealer` for the first-party click statistics (plain attributes
 * where the counter is not installed).
 */
export function DealerContact({ t, dealer }: { t: TFunction; dealer: DealerContactData }) {
  const { address } = dealer;
  const newTab = ` (${t("a11y.opensInNewTab")})`;
  const track = (kind: ClickKind) => ({ "data-dealer-click": kind, "data-dealer": dealer.slug });
  const links: ContactLink[] = [];
  if (dealer.phoneHref) links.push({ kind: "phone", label: t("dealers.phone"), href: dealer.phoneHref, text: dealer.phone, newTab: false });
  if (dealer.email) links.push({ kind: "email", label: t("dealers.email"), href: `mailto:${dealer.email}`, text: dealer.email, newTab: false });
  if (dealer.website) links.push({ kind: "web", label: t("dealers.web"), href: dealer.website, text: dealer.websiteText, newTab: true });
  return (
    <>
      <ul className="dealer-profile__details">
        <li>
          <Icon name="address" />
          <address>
            <span className="visually-hidden">{`${t("dealerPage.addressLabel")}: `}</span>
            {address.lines.map((line, index) => (
              // The lines are a postal address: their place is their identity.
              <span key={index}>{line}</span>
            ))}
            <span>{dealer.countryName}</span>
          </address>
        </li>
        {links.map((link) => (
          <li key={link.kind}>
            <Icon name={link.kind} />
            <span className="visually-hidden">{`${link.label}: `}</span>
            <a href={link.href} {...(link.newTab ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...track(link.kind)}>
              {link.text}
              {link.newTab ? <span className="visually-hidden">{newTab}</span> : null}
            </a>
          </li>
        ))}
      </ul>
      {dealer.directions || dealer.phoneHref ? (
        <p className="dealer-profile__actions">
          {dealer.directions ? (
            <a className="button" href={dealer.directions} target="_blank" rel="noopener noreferrer" {...track("directions")}>
              {t("dealerPage.directions")}
              <span className="visually-hidden">{newTab}</span>
            </a>
          ) : null}
          {dealer.phoneHref ? (
            <a className="button button--outline-dark" href={dealer.phoneHref} {...track("phone")}>
              {t("dealerPage.call")}
            </a>
          ) : null}
        </p>
      ) : null}
    </>
  );
}
