/**
 * The page's scripts start after its first paint (issue 18: LCP).
 *
 * Gatsby's scripts slice lists the webpack runtime, the framework and the app as `<script
 * async>` at the end of the body; the browser fetched them at once and ran each as soon as it
 * arrived, which was often before the first paint (the paint waits for the stylesheet and for
 * the first screen's marker, src/kernel/first-screen.tsx). A phone then evaluated 100-600 ms of
 * script before it showed the page it already had. `patches/gatsby+5.16.1.patch` puts those
 * tags in an inert `<template id="gatsby-scripts">`, and this script, which gatsby-ssr.tsx
 * puts after the slice, adds them to the page after the first frame: in a
 * requestAnimationFrame callback (the first frame there is) and a task after it (once that
 * frame is painted). A page opened in a background tab paints no frame: it starts them at once.
 *
 * The same text on every page and in every build, so the Content Security Policy lists it by
 * one hash (lib/cdn-rule-files.ts finds it in the built pages). The tags stay `<script
 * src>` inside the template, so what reads the built pages for their scripts still finds them.
 */
export const SCRIPTS_TEMPLATE_ID = "gatsby-scripts";

export const FIRST_PAINT_SCRIPTS = `(function(d){function go(){var t=d.getElementById("${SCRIPTS_TEMPLATE_ID}");if(!t)return;t.removeAttribute("id");t.content.querySelectorAll("script[src]").forEach(function(s){var e=d.createElement("script");e.src=s.getAttribute("src");d.body.appendChild(e)})}d.hidden?go():requestAnimationFrame(function(){setTimeout(go)})})(document)`;
