/** An OpenStreetMap link: the exact point when the catalogue has coordinates, else a search for the address. */
export function openStreetMapUrl(
  place: { latitude: number | null; longitude: number | null; address: string | null; title: string },
  city?: string,
): string {
  if (place.latitude !== null && place.longitude !== null) {
    const lat = place.latitude.toFixed(6);
    const lon = place.longitude.toFixed(6);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  const query = [place.title, place.address, city].filter(Boolean).join(", ");
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}
