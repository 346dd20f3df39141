import type { FastifyInstance } from "fastify";
import { notFound } from "../lib/errors";
import { IMAGE_SIZES, type ImageKind } from "../seed/catalogue-writer";

/** A poster without text: a two-colour gradient and a few soft shapes, picked from the image's key. */
export function posterSvg(kind: ImageKind, key: number): string {
  const [w, h] = IMAGE_SIZES[kind];
  let x = (key * 2654435761 + kind.length * 97) >>> 0;
  const next = () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
  const hue = Math.floor(next() * 360);
  const hue2 = (hue + 40 + Math.floor(next() * 80)) % 360;
  const circles = [0, 1, 2]
    .map(
      () =>
        `<circle cx="${Math.round(next() * w)}" cy="${Math.round(next() * h)}" r="${Math.round(h * (0.15 + next() * 0.45))}" fill="#fff" fill-opacity="${(0.06 + next() * 0.12).toFixed(2)}"/>`,
    )
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,48%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2},65%,24%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>${circles}</svg>`
  );
}

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { kind: string; file: string } }>("/media/:kind/:file", async (req, reply) => {
    const { kind, file } = req.params;
    const m = /^([0-9]{1,9})\.svg$/.exec(file);
    // an own property only: `in` would also find constructor, __proto__, toString... of Object.prototype
    if (!m || !Object.hasOwn(IMAGE_SIZES, kind)) throw notFound("no such image");
    return reply
      .type("image/svg+xml")
      .header("Cache-Control", "public, max-age=86400")
      .send(posterSvg(kind as ImageKind, Number(m[1])));
  });
}
