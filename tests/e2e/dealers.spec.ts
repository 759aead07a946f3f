import { type Page, expect, test } from "@playwright/test";
import { brandDealers, cards, hasCoordinates, map, markerTotal, markersReady } from "./dealer-helpers";
import { matchesDealerQuery } from "~/dealers/dealer/dealer-filter";
import { haversineKm } from "~/geo/geo";
import { PAGE_SIZE } from "~/dealers/search/search-spec";

async function zoomOf(page: Page): Promise<number> {
  return Number(await map(page).getAttribute("data-zoom"));
}

/** The map has come to rest: no flight, pan or cluster animation is under way (dealer-map.tsx). */
async function settled(page: Page) {
  await expect(map(page)).toHaveAttribute("data-moving", "false");
}

/** The open popup lies wholly inside the map frame and covers none of the map's controls. */
async function expectPopupShowsWhole(page: Page) {
  // After the flight a pan may follow, started as the popup opens.
  await expect(page.locator(".leaflet-popup")).toBeVisible();
  await settled(page);
  const frame = (await map(page).boundingBox())!;
  const popup = (await page.locator(".leaflet-popup").boundingBox())!;
  expect(popup.y, "popup top").toBeGreaterThanOrEqual(frame.y);
  expect(popup.x, "popup left").toBeGreaterThanOrEqual(frame.x);
  expect(popup.y + popup.height, "popup bottom").toBeLessThanOrEqual(frame.y + frame.height);
  expect(popup.x + popup.width, "popup right").toBeLessThanOrEqual(frame.x + frame.width);
  for (const control of await page.locator(".dealer-map .leaflet-control").all()) {
    const box = (await control.boundingBox())!;
    const overlap =
      popup.x < box.x + box.width && box.x < popup.x + popup.width && popup.y < box.y + box.height && box.y < popup.y + popup.height;
    expect(overlap, `popup covers ${await control.getAttribute("class")}`).toBe(false);
  }
}
const search = async (page: Page, text: string) => {
  await page.getByLabel("Ort, Postleitzahl oder Händlername").fill(text);
  // The header has a product search with its own "Suchen" button: use the dealer form's.
  await page.locator("#main").getByRole("button", { name: "Suchen", exact: true }).click();
};

/** Kilometres on the cards, in order ("4,9 km entfernt"). */
async function cardDistances(page: Page): Promise<number[]> {
  const texts = await page.locator(".dealer-card__distance").allTextContents();
  return texts.map((t) => Number(t.replace(/\s*km.*$/, "").replace(/\./g, "").replace(",", ".")));
}

test.describe("dealer locator", () => {
  test("shows a marker for every brand dealer with coordinates, at the specified initial zoom", { tag: "@phone" }, async ({ page, request, isMobile }) => {
    const dealers = await brandDealers(request);
    await page.goto("/handlersuche");
    await markersReady(page);
    expect(await markerTotal(page)).toBe(dealers.filter(hasCoordinates).length);
    expect(await zoomOf(page)).toBe(isMobile ? 4.3 : 5);
    await expect(page.locator(".dealer-results__status")).toHaveText(`${dealers.length} Händler`);
    await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, dealers.length));
    // The zoom control sits top right, the attribution credits OpenStreetMap.
    await expect(page.locator(".leaflet-top.leaflet-right .leaflet-control-zoom")).toBeVisible();
    await expect(page.locator(".leaflet-control-attribution a[href='https://www.openstreetmap.org/copyright']")).toHaveText(
      "© OpenStreetMap-Mitwirkende",
    );
    // Leaflet's own credit says what it is in the page's language too.
    await expect(page.locator(".leaflet-control-attribution a[href='https://leafletjs.com']")).toHaveAttribute(
      "title",
      "Eine JavaScript-Bibliothek für interaktive Karten",
    );
  });

  test("a marker's popup shows the dealer and a click flies to zoom 14", { tag: "@phone" }, async ({ page, request }) => {
    const dealer = (await brandDealers(request)).find((d) => hasCoordinates(d) && d.website)!;
    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await markersReady(page);
    const marker = page.locator(`.dealer-marker[title="${dealer.name}"]`);
    await marker.click();
    const popup = page.locator(".leaflet-popup-content");
    await expect(popup).toContainText(dealer.name);
    await expect(popup).toContainText(dealer.address);
    await expect(popup.locator(`a[href^="tel:"]`)).toHaveText(dealer.phone);
    // The addresses themselves (specification section 4), not the words "E-Mail" and "Website".
    await expect(popup.locator(`a[href="mailto:${dealer.email}"]`)).toHaveText(dealer.email);
    await expect(popup.locator(`a[href^="${dealer.website}"]`)).toHaveAttribute("rel", /noopener/);
    await expect(popup.locator(`a[href^="${dealer.website}"]`)).toHaveText(dealer.website!.replace(/^https?:\/\//, "").replace(/\/$/, ""));
    await expect(popup.locator('a[href^="https://www.openstreetmap.org/directions?to="]')).toHaveAttribute("target", "_blank");
    await expect.poll(() => zoomOf(page)).toBe(14);
  });

  test("a marker's popup shows whole after the flight, clear of the zoom buttons", { tag: "@phone" }, async ({ page, request }) => {
    // The tallest kind of popup: one with a web address.
    const dealer = (await brandDealers(request)).find((d) => hasCoordinates(d) && d.website)!;
    await page.goto(`/handlersuche?q=${encodeURIComponent(dealer.name)}`);
    await markersReady(page);
    await page.locator(`.dealer-marker[title="${dealer.name}"]`).click();
    await expect.poll(() => zoomOf(page)).toBe(14);
    await expectPopupShowsWhole(page);

    // The same after a card's "show on map", which opens the popup at the end of its flight.
    await page.locator(".leaflet-popup-close-button").click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goto("/handlersuche?q=10115&r=100");
    await markersReady(page);
    await cards(page).first().getByRole("button", { name: /Auf der Karte zeigen/ }).click();
    await expect(page.locator(".leaflet-popup-content")).toBeVisible();
    await expect.poll(() => zoomOf(page)).toBe(14);
    await expectPopupShowsWhole(page);
  });

  test("search by name filters the cards and the markers", { tag: "@phone" }, async ({ page, request }) => {
    const dealers = await brandDealers(request);
    const dealer = dealers.find(hasCoordinates)!;
    const expected = dealers.filter((d) => matchesDealerQuery(d, dealer.name));
    await page.goto("/handlersuche");
    await markersReady(page);
    await search(page, dealer.name.toUpperCase());
    await expect(page).toHaveURL(/q=/);
    await expect(cards(page)).toHaveCount(expected.length);
    await expect(cards(page).first()).toContainText(dealer.name);
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(expected.filter(hasCoordinates).length);
  });

  test("search by part of a city name filters the cards and the markers", { tag: "@phone" }, async ({ page, request }) => {
    const dealers = await brandDealers(request);
    const city = dealers.find((d) => hasCoordinates(d) && d.city.length >= 7)!.city;
    // A fragment is no place name, so this is the specification's plain substring search.
    const fragment = city.slice(0, 5).toLowerCase();
    const expected = dealers.filter((d) => matchesDealerQuery(d, fragment));
    await page.goto("/handlersuche");
    await search(page, fragment);
    await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, expected.length));
    for (const text of await cards(page).locator(".dealer-card__name").allTextContents()) {
      expect(expected.some((d) => d.name === text)).toBe(true);
    }
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(expected.filter(hasCoordinates).length);
  });

  test("an empty search does nothing; reset shows everyone again", { tag: "@phone" }, async ({ page, request }) => {
    const dealers = await brandDealers(request);
    await page.goto("/handlersuche?q=Radhaus");
    const filtered = await cards(page).count();
    expect(filtered).toBeLessThan(Math.min(PAGE_SIZE, dealers.length));
    await markersReady(page);
    await search(page, "   ");
    await expect(page).toHaveURL(/q=Radhaus/);
    await expect(cards(page)).toHaveCount(filtered);
    await page.getByRole("link", { name: "Alle Händler anzeigen" }).first().click();
    await expect(page).toHaveURL(/\/handlersuche$/);
    await expect(page.locator(".dealer-results__status")).toHaveText(`${dealers.length} Händler`);
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(dealers.filter(hasCoordinates).length);
  });

  test("the query lives in the URL and survives a reload", async ({ page, request }) => {
    // Words are matched from their start (decision 068): "Radhaus Neumann", not "Fahrradhaus Zimmermann".
    const count = Math.min(PAGE_SIZE, (await brandDealers(request)).filter((d) => matchesDealerQuery(d, "Radhaus")).length);
    await page.goto("/handlersuche");
    await search(page, "Radhaus");
    await expect(page).toHaveURL(/\?.*q=Radhaus/);
    await expect(cards(page)).toHaveCount(count);
    await page.reload();
    await expect(page.getByLabel("Ort, Postleitzahl oder Händlername")).toHaveValue("Radhaus");
    await expect(cards(page)).toHaveCount(count);
  });

  test("a nothing-found search says so and offers a way back", async ({ page }) => {
    await page.goto("/handlersuche?q=Zzzyxx");
    await expect(page.locator(".dealer-results__status")).toHaveText("Keine Händler gefunden für „Zzzyxx“.");
    await expect(cards(page)).toHaveCount(0);
    await expect(page.locator(".dealer-empty").getByRole("link", { name: "Alle Händler anzeigen" })).toBeVisible();
    // Once: the results header leaves it to the empty state.
    await expect(page.getByRole("link", { name: "Alle Händler anzeigen" })).toHaveCount(1);
  });

  test("a town is found by the name a visitor types: exonyms and ae/oe/ue, in both languages", async ({ page }) => {
    // The place in the visitor's words (decision 068): "Munich" stays "Munich".
    await page.goto("/handlersuche?q=Munich&lang=en");
    await expect(page.locator(".dealer-results__status")).toContainText("of Munich");
    await page.goto("/handlersuche?q=Koeln&lang=de");
    await expect(page.locator(".dealer-results__status")).toContainText("um Köln");
  });

  test("a postal code sorts dealers by distance within the chosen radius", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/handlersuche");
    await search(page, "10115");
    await expect(page.locator(".dealer-results__status")).toContainText("im Umkreis von 50 km um D-10115 Berlin");
    const near = await cardDistances(page);
    expect(near.length).toBeGreaterThan(0);
    expect(near).toEqual([...near].sort((a, b) => a - b));
    expect(Math.max(...near)).toBeLessThanOrEqual(50);
    await markersReady(page);
    await expect.poll(() => markerTotal(page)).toBe(near.length);

    await page.getByLabel("Umkreis").selectOption("200");
    await expect(page).toHaveURL(/r=200/);
    await expect(page.locator(".dealer-results__status")).toContainText("200 km");
    const far = await cardDistances(page);
    expect(far.length).toBeGreaterThan(near.length);
    expect(far).toEqual([...far].sort((a, b) => a - b));
    expect(Math.max(...far)).toBeLessThanOrEqual(200);
  });

  test("postal codes keep their leading zero and a country prefix picks the country", async ({ page }) => {
    await page.goto("/handlersuche?q=01067");
    await expect(page.locator(".dealer-results__status")).toContainText("D-01067 Dresden");
    await page.goto("/handlersuche?q=1010");
    await expect(page.locator(".dealer-results__status")).toContainText("A-1010 Wien");
    await page.getByRole("link", { name: "Meinten Sie CH-1010 Lausanne?" }).click();
    await expect(page.locator(".dealer-results__status")).toContainText("CH-1010 Lausanne");
  });

  test("with nobody inside the radius the nearest dealers are shown with a note", async ({ page, request }) => {
    // The Brocken in the Harz; the demo data must leave it without a dealer for this test to mean anything.
    const brocken = { lat: 51.8, lng: 10.62 };
    const nearest = (await brandDealers(request))
      .filter(hasCoordinates)
      .map((d) => ({ name: d.name, km: haversineKm(brocken, { lat: d.position[0]!, lng: d.position[1]! }) }))
      .sort((a, b) => a.km - b.km)
      .slice(0, 3);
    expect(nearest[0]!.km, "the nearest demo dealer to the Brocken").toBeGreaterThan(25);

    await page.goto(`/handlersuche?lat=${brocken.lat}&lng=${brocken.lng}&r=25`);
    await expect(page.locator(".dealer-results__status")).toContainText("Im Umkreis von 25 km um Ihren Standort gibt es keinen Händler");
    await expect(cards(page).locator(".dealer-card__name")).toHaveText(nearest.map((d) => d.name));
    const distances = await cardDistances(page);
    expect(distances[0]).toBeGreaterThan(25);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  test("a card's map button flies to its marker and opens the popup; hovering highlights it", { tag: "@phone" }, async ({ page, isMobile }) => {
    await page.goto("/handlersuche?q=10115&r=100");
    await markersReady(page);
    const card = cards(page).first();
    const name = (await card.locator(".dealer-card__name").textContent())!;
    if (!isMobile) {
      await card.hover();
      await expect(page.locator(".leaflet-marker-icon.is-highlighted")).toHaveCount(1);
    }
    await card.getByRole("button", { name: /Auf der Karte zeigen/ }).click();
    await expect(page.locator(".leaflet-popup-content")).toContainText(name);
    await expect.poll(() => zoomOf(page)).toBe(14);
  });

  test("'near me' finds dealers after arriving by in-site navigation", async ({ page, context, baseURL }) => {
    // Berlin. Every page allows geolocation for our origin: a client-side navigation keeps the
    // Permissions-Policy of the first page, here the home page.
    await context.grantPermissions(["geolocation"], { origin: baseURL });
    await context.setGeolocation({ latitude: 52.52, longitude: 13.405 });
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/permissions policy/i.test(message.text())) violations.push(message.text());
    });
    // Counts the page's requests for the position: the policy allows them, the page asks only on the click.
    await page.addInitScript(() => {
      const geolocation = navigator.geolocation;
      const ask = geolocation.getCurrentPosition.bind(geolocation);
      (window as unknown as { positionRequests: number }).positionRequests = 0;
      geolocation.getCurrentPosition = (...args) => {
        (window as unknown as { positionRequests: number }).positionRequests++;
        ask(...args);
      };
    });
    const positionRequests = () => page.evaluate(() => (window as unknown as { positionRequests: number }).positionRequests);
    await page.goto("/");
    await page.locator("#main").getByRole("link", { name: "Händler finden" }).click();
    await expect(page).toHaveURL(/\/handlersuche$/);
    await expect(page.getByRole("button", { name: "In meiner Nähe" })).toBeEnabled();
    expect(await positionRequests()).toBe(0);
    await page.getByRole("button", { name: "In meiner Nähe" }).click();
    await expect(page).toHaveURL(/lat=52\.52/);
    expect(await positionRequests()).toBe(1);
    await expect(page.locator(".dealer-results__status")).toContainText("um Ihren Standort");
    expect((await cardDistances(page)).length).toBeGreaterThan(0);
    await expect(page.getByText("Ihr Standort ist nicht verfügbar")).toHaveCount(0);
    expect(violations).toEqual([]);
  });

  test("clusters have a name and open with the keyboard", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/handlersuche");
    await markersReady(page);
    // The biggest: zoomed into, it still shows clusters of its own for the second key.
    const clusters = page.locator(".leaflet-marker-icon.dealer-cluster");
    const counts = await clusters.evaluateAll((elements) => elements.map((el) => Number((el as HTMLElement).dataset.count)));
    const cluster = clusters.nth(counts.indexOf(Math.max(...counts)));
    const count = await cluster.getAttribute("data-count");
    await expect(cluster).toHaveAttribute("aria-label", `${count} Händler – vergrößern`);
    await expect(cluster).toHaveAttribute("role", "button");
    const before = await zoomOf(page);
    await cluster.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(before);
    // Clusters just outside the view are kept too: take one the visitor can see, after the animation.
    await settled(page);
    const index = await page.evaluate(() => {
      const frame = document.querySelector(".dealer-map")!.getBoundingClientRect();
      return [...document.querySelectorAll(".leaflet-marker-icon.dealer-cluster")].findIndex((el) => {
        const box = el.getBoundingClientRect();
        return box.left > frame.left && box.right < frame.right && box.top > frame.top && box.bottom < frame.bottom;
      });
    });
    expect(index, "a cluster inside the view").toBeGreaterThanOrEqual(0);
    const zoomed = await zoomOf(page);
    await clusters.nth(index).focus();
    await page.keyboard.press(" ");
    await expect.poll(() => zoomOf(page)).toBeGreaterThan(zoomed);
  });

  test("the page asks no host but our own, and survives missing tiles", { tag: "@phone" }, async ({ page, baseURL }) => {
    const origins = new Set<string>();
    page.on("request", (req) => {
      if (!req.url().startsWith("data:")) origins.add(new URL(req.url()).origin);
    });
    const tileStatuses: number[] = [];
    page.on("response", (res) => {
      if (res.url().includes("/tiles/")) tileStatuses.push(res.status());
    });
    await page.goto("/handlersuche");
    await markersReady(page);
    await page.locator(".leaflet-marker-icon").first().click();
    await page.waitForLoadState("networkidle");
    expect([...origins]).toEqual([new URL(baseURL!).origin]);
    expect(tileStatuses.length).toBeGreaterThan(0);
    await expect(cards(page).first()).toBeVisible();
  });

  test("Leaflet loads only on the dealer page", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (req) => scripts.push(req.url()));
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((u) => /dealer-map|leaflet/i.test(u))).toEqual([]);
  });

  test("English texts", async ({ page }) => {
    await page.goto("/handlersuche?lang=en&q=10115");
    await expect(page.locator(".dealer-results__status")).toContainText("within 50 km of D-10115 Berlin");
    await markersReady(page);
    await expect(page.locator(".leaflet-control-attribution")).toContainText("© OpenStreetMap contributors");
  });
});

test.describe("dealer locator without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists and searches dealers on the server", async ({ page, request }) => {
    const dealers = await brandDealers(request);
    await page.goto("/handlersuche");
    await expect(cards(page)).toHaveCount(Math.min(PAGE_SIZE, dealers.length));
    await expect(page.getByRole("button", { name: /Auf der Karte zeigen/ })).toHaveCount(0);
    await search(page, "10115");
    await expect(page).toHaveURL(/q=10115/);
    await expect(page.locator(".dealer-results__status")).toContainText("D-10115 Berlin");
    // The demo data has more than a page of dealers, so the paging link is always checked.
    expect(dealers.length).toBeGreaterThan(PAGE_SIZE);
    await page.goto("/handlersuche");
    await page.getByRole("link", { name: "Weitere Händler anzeigen" }).click();
    await expect(cards(page)).toHaveCount(Math.min(2 * PAGE_SIZE, dealers.length));
  });

  test("repairs invalid parameters instead of showing an error", async ({ page }) => {
    await page.goto("/handlersuche?q=10115&r=30");
    await expect(page).toHaveURL(/\/handlersuche\?q=10115$/);
    await expect(page.locator(".dealer-results__status")).toContainText("10115");
  });
});
