import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { addLanguage, getI18n } from "~/i18n/i18n";
import { de } from "~/i18n/locales/de";
import { summarizeHours } from "~/dealers/hours/summarize-hours";
import type { Dealer } from "~/dealers/dealer/dealer";
import { DealerCard, type DealerCardLabels } from "./dealer-card";

const labels: DealerCardLabels = {
  phone: "Telefon",
  email: "E-Mail",
  website: "Website",
  opensInNewTab: "öffnet in neuem Tab",
  showOnMap: "Auf der Karte zeigen",
  route: "Route",
  approximate: "Lage ungefähr (Postleitzahl)",
  approximateTown: "Lage ungefähr (Ortsmitte)",
  servicesLabel: "Leistungen",
  services: de.dealers.service,
  inStock: "vorrätig",
};

const dealer: Dealer = {
  name: "Wiener Radwerk",
  address: "Graben 3, 1010 Wien",
  phone: "+43 1 5123456",
  email: "office@wiener-radwerk.example.com",
  city: "Wien",
  tags: "viva",
  position: [48.2077, 16.3705],
  slug: "wiener-radwerk-wien",
  country: "AT",
  services: ["workshop", "test-rides"],
  openingHours: "Mo-Fr 09:00-18:00; Sa 09:00-13:00",
};

addLanguage("de", de);
const t = getI18n("de").getFixedT("de") as TFunction;
/** Wednesday, 14 January 2026, 10:00 in Vienna. */
const wednesdayMorning = Date.UTC(2026, 0, 14, 9, 0);

const render = (d: Dealer, now = wednesdayMorning, stockTime: string | null = null, cardLabels = labels) =>
  renderToStaticMarkup(
    <DealerCard
      dealer={d}
      dealerKey="k"
      hours={summarizeHours(d.openingHours, d.country, now)}
      t={t}
      distance={null}
      stockTime={stockTime}
      labels={cardLabels}
      onShowOnMap={() => {}}
      onHighlight={() => {}}
      highlighted={false}
    />,
  );

describe("DealerCard", () => {
  it("notes that a dealer placed on its postal code's centre is shown approximately", () => {
    expect(render({ ...dealer, approximate: true })).toContain('<p class="dealer-card__approximate muted">Lage ungefähr (Postleitzahl)</p>');
    expect(render(dealer)).not.toContain("dealer-card__approximate");
    expect(render({ ...dealer, approximate: "town" })).toContain('<p class="dealer-card__approximate muted">Lage ungefähr (Ortsmitte)</p>');
  });

  it("leaves out phone and e-mail links when an imported list gives none", () => {
    const html = render({ ...dealer, phone: "", email: "" });
    expect(html).not.toContain("tel:");
    expect(html).not.toContain("mailto:");
    expect(render(dealer)).toContain('href="mailto:office@wiener-radwerk.example.com"');
  });

  it("links the name to the dealer's page", () => {
    expect(render(dealer)).toContain('<a href="/handlersuche/wiener-radwerk-wien" data-discover="true">Wiener Radwerk</a>');
  });

  it("says whether the dealer is open and shows today's hours", () => {
    const html = render(dealer);
    expect(html).toContain('<p class="open-status open-status--open">Geöffnet · schließt um 18:00 Uhr</p>');
    expect(html).toContain("Heute: 09:00–18:00");
    // Sunday morning: closed, opens on Monday.
    expect(render(dealer, Date.UTC(2026, 0, 18, 9, 0))).toContain("open-status--closed");
  });

  it("marks unknown hours and shows no day's hours for them", () => {
    const html = render({ ...dealer, openingHours: undefined });
    expect(html).toContain('<p class="open-status open-status--unknown">Öffnungszeiten unbekannt</p>');
    expect(html).not.toContain("Heute:");
  });

  it("lists the services as translated badges, and no list without services", () => {
    expect(render(dealer)).toContain(
      '<ul class="dealer-card__services" aria-label="Leistungen"><li class="service-badge service-badge--workshop">Werkstatt</li><li class="service-badge service-badge--test-rides">Probefahrten</li></ul>',
    );
    expect(render({ ...dealer, services: [] })).not.toContain("dealer-card__services");
  });

  it("shows the stock badge in words with its time, only when the dealer has the article in stock (decision 056)", () => {
    const html = render(dealer, wednesdayMorning, "Stand heute 09:45");
    expect(html).toContain('<strong class="stock-badge__label">vorrätig</strong><span class="stock-badge__time"> · Stand heute 09:45</span>');
    expect(html).toMatch(/<svg aria-hidden="true"/);
    expect(render(dealer)).not.toContain("stock-badge");
  });

  it("says beside the stock of an article under recall that it is recalled, with the way to the notice (issue 37)", () => {
    const recalled = { ...labels, stockRecall: { href: "/rueckrufe/2026-11-02-vb-63177", label: de.dealers.stock.recalled } };
    const html = render(dealer, wednesdayMorning, "Stand heute 09:45", recalled);
    expect(html).toMatch(/<span class="stock-badge__time"> · Stand heute 09:45<\/span><\/p><p class="stock-recall">.*<a href="\/rueckrufe\/2026-11-02-vb-63177"[^>]*>Rückruf: Auch vorrätige Stücke können betroffen sein<\/a>/);
    // No stock shown, no note: the article page's own notice says the rest.
    expect(render(dealer, wednesdayMorning, null, recalled)).not.toContain("stock-recall");
    expect(render(dealer, wednesdayMorning, "Stand heute 09:45")).not.toContain("stock-recall");
  });
});
