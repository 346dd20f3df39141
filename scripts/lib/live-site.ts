/**
 * The folder `npm start` serves: the live release (PUBLISH_ROOT/current), which a publish and
 * a rollback switch atomically, never public/, which a build rewrites or removes.
 */
import path from "node:path";
import { publishSettings } from "../../ops/publish";

export function liveSiteDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(publishSettings(env).root, "current");
}
