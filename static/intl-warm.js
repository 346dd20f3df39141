// Loads the browser's number data on this thread so the page's first price does not (gatsby-ssr.tsx).
try {
  new Intl.NumberFormat("en", { style: "currency", currency: "AED" }).format(1);
  new Intl.DisplayNames(["en"], { type: "currency" }).of("AED");
} catch {}
self.close();
