/**
 * Every language's date-fns locale, registered at once: for the code that formats dates in
 * any language from one process (the server render and the build through gatsby-ssr.tsx, the
 * server's mails). A browser page loads only its own language's (src/kernel/date-locale.ts).
 */
import { ar } from "date-fns/locale/ar";
import { ru } from "date-fns/locale/ru";
import { registerDateLocale } from "./format";

registerDateLocale("ru", ru);
registerDateLocale("ar", ar);
