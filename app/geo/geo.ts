/** A point on the globe in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Mean Earth radius (IUGG); the haversine error against the ellipsoid stays under 0.5 %. */
const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/**
 * A box that certainly contains the circle of `radiusKm` around `center`: two comparisons reject
 * most points before the trigonometry of haversineKm. Slightly generous, never too small.
 */
export function boundingBox(center: LatLng, radiusKm: number): BoundingBox {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI);
  // Longitude degrees shrink towards the poles; use the latitude edge nearer the pole.
  const edge = Math.min(89.9, Math.abs(center.lat) + dLat);
  const dLng = dLat / Math.cos(rad(edge));
  return { minLat: center.lat - dLat, maxLat: center.lat + dLat, minLng: center.lng - dLng, maxLng: center.lng + dLng };
}

export function inBox(box: BoundingBox, point: LatLng): boolean {
  return point.lat >= box.minLat && point.lat <= box.maxLat && point.lng >= box.minLng && point.lng <= box.maxLng;
}
