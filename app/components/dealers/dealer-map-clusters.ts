import type { TFunction } from "i18next";
import { activate } from "./dealer-map-popup";
import L from "leaflet";
import "leaflet.markercluster";

/* The dealer map's marker clusters: their icons and what a press on one does (dealer-map.tsx). */

/** As markercluster decides on a click: spread out what even the deepest zoom keeps together. */
function spreadsOnPress(cluster: L.MarkerCluster, group: L.MarkerClusterGroup): boolean {
  let bottom = cluster;
  // markercluster's own fields (no public API for them); the same walk as its _zoomOrSpiderfy.
  type Inner = L.MarkerCluster & { _childClusters: Inner[]; _zoom: number; _childCount: number };
  while ((bottom as Inner)._childClusters.length === 1) bottom = (bottom as Inner)._childClusters[0] as Inner;
  const deepest = (group as L.MarkerClusterGroup & { _maxZoom: number })._maxZoom;
  return (bottom as Inner)._zoom === deepest && (bottom as Inner)._childCount === cluster.getChildCount();
}

/**
 * Where the keyboard focus goes once a pressed cluster has opened: the first (in tab order) of the
 * markers and smaller clusters it became, else the map itself, never the page's top.
 */
function focusAfterOpen(map: L.Map, group: L.MarkerClusterGroup, cluster: L.MarkerCluster) {
  const elements = new Set<HTMLElement>();
  for (const marker of cluster.getAllChildMarkers()) {
    const shown = (group.getVisibleParent(marker) as L.Marker | null)?.getElement();
    if (shown?.isConnected) elements.add(shown);
  }
  const [first] = [...elements].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  (first ?? map.getContainer()).focus({ preventScroll: true });
}

/**
 * Cluster bubbles: a count to read, an accessible name ("12 Händler – vergrößern") and Enter or
 * Space to zoom in, or to spread out the dealers that share one spot, with the focus kept.
 */
export function clusterIcon(t: TFunction, map: L.Map, group: () => L.MarkerClusterGroup | null) {
  return (cluster: L.MarkerCluster) => {
    const count = cluster.getChildCount();
    const size = count < 10 ? "s" : count < 100 ? "m" : "l";
    const icon = L.divIcon({
      className: `dealer-cluster dealer-cluster--${size}`,
      html: `<span aria-hidden="true">${count}</span>`,
      iconSize: size === "s" ? [36, 36] : size === "m" ? [42, 42] : [50, 50],
    });
    const create = icon.createIcon.bind(icon);
    icon.createIcon = (old) => {
      const element = create(old);
      const owner = group();
      const spreads = owner !== null && spreadsOnPress(cluster, owner);
      element.setAttribute("aria-label", t(spreads ? "dealers.filters.clusterSpread" : "dealers.filters.clusterZoom", { count }));
      element.dataset.count = String(count);
      element.addEventListener("keydown", (event) =>
        activate(event, () => {
          if (!owner) return;
          if (spreads) {
            owner.once("spiderfied", () => focusAfterOpen(map, owner, cluster));
            cluster.spiderfy();
          } else {
            // The bubble is gone once the clusters are rebuilt for the new zoom.
            owner.once("animationend", () => focusAfterOpen(map, owner, cluster));
            cluster.zoomToBounds({ padding: [24, 24] });
          }
          // Meanwhile the map holds the focus, so it is not lost with the bubble.
          map.getContainer().focus({ preventScroll: true });
        }),
      );
      return element;
    };
    return icon;
  };
}

