// The editors' page keeps itself current: the panel (progress, queue, live release, history)
// is fetched again every two seconds, and the quiet-window countdown ticks every second.
// Served as a file from the publisher (the page's CSP allows scripts from 'self' only).
(() => {
  const panel = document.getElementById("panel");
  if (!panel) return;
  const lang = panel.getAttribute("data-lang") || "en";
  // after "Publish now": the banner follows that publish (requested, building, ..., live)
  const requested = panel.getAttribute("data-requested");

  function tick() {
    for (const el of document.querySelectorAll(".countdown[data-due]")) {
      const left = Math.max(0, Math.ceil((Date.parse(el.getAttribute("data-due")) - Date.now()) / 1000));
      el.textContent = new Intl.NumberFormat(lang, { style: "unit", unit: "second", unitDisplay: "short" }).format(
        left,
      );
    }
  }

  let last = "";
  async function refresh() {
    try {
      const query = `lang=${encodeURIComponent(lang)}${requested ? `&requested=${encodeURIComponent(requested)}` : ""}`;
      const res = await fetch(`/editor/panel?${query}`, {
        credentials: "same-origin",
        headers: { accept: "text/html" },
        cache: "no-store",
      });
      if (res.status === 401) {
        window.location.assign("/editor/");
        return;
      }
      if (!res.ok) return;
      const html = await res.text();
      // a form being used is not pulled from under the editor's finger
      const busy = panel.contains(document.activeElement) && document.activeElement !== document.body;
      if (html !== last && !busy) {
        last = html;
        panel.innerHTML = html;
        tick();
      }
    } catch {
      // the publisher restarting: the next round tries again
    }
  }

  setInterval(tick, 1000);
  setInterval(refresh, 2000);
  tick();
})();
