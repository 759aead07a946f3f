import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { ProviderReseller } from "~/catalog/provider-schema";
import { DealerCard, type DealerCardLabels } from "./dealer-card";

const labels: DealerCardLabels = {
  phone: "Telefon",
  email: "E-Mail",
  web: "Website",
  opensInNewTab: "öffnet in neuem Tab",
  showOnMap: "Auf der Karte zeigen",
  route: "Route",
  approximate: "Lage ungefähr (Postleitzahl)",
};

const dealer: ProviderReseller = {
  name: "Wiener Radwerk",
  adresse: "Graben 3, 1010 Wien",
  tel: "+43 1 5123456",
  email: "office@wiener-radwerk.example.com",
  ort: "Wien",
  tag: "viva",
  position: [48.2077, 16.3705],
};

const render = (d: ProviderReseller) =>
  renderToStaticMarkup(
    <DealerCard dealer={d} dealerKey="k" distance={null} labels={labels} onShowOnMap={() => {}} onHighlight={() => {}} highlighted={false} />,
  );

describe("DealerCard", () => {
  it("notes that a dealer placed on its postal code's centre is shown approximately", () => {
    expect(render({ ...dealer, approximate: true })).toContain('<p class="dealer-card__approximate muted">Lage ungefähr (Postleitzahl)</p>');
    expect(render(dealer)).not.toContain("dealer-card__approximate");
  });

  it("leaves out phone and e-mail links when an imported list gives none", () => {
    const html = render({ ...dealer, tel: "", email: "" });
    expect(html).not.toContain("tel:");
    expect(html).not.toContain("mailto:");
    expect(render(dealer)).toContain('href="mailto:office@wiener-radwerk.example.com"');
  });
});
