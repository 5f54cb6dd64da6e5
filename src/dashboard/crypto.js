// The dashboard's crypto section of a scenario's page (docs/crypto.md, docs/dashboard.md): the
// world's crypto assets (`/crypto/prices/tickers`), and the chosen one's daily bars (`/crypto/prices`,
// a bar every calendar day) on its whole window, from its first day in the world to current_date.
// A world of an era before any asset (before 2010) has none: the page shows no section. Loaded
// before dashboard.js, whose helpers (api, allRows, esc, candleChart, showError) it uses when called.
"use strict";

/** Bars a page of `/crypto/prices` (its largest `limit`): a fifteen-year world's asset in one or two. */
const CRYPTO_PAGE = 10000;

/** The section in `#crypto`: nothing but `data-assets="0"` when the world holds no crypto asset. */
async function drawCrypto(id) {
  const section = document.getElementById("crypto");
  const { assets } = (await api("/crypto/prices/tickers", { scenario_id: id })).body;
  section.dataset.assets = String(assets.length);
  if (assets.length === 0) return;
  section.innerHTML = `<h2>Crypto</h2>
  <p>Daily bars of the world's crypto assets: one every calendar day, 00:00 to 24:00 UTC, from the asset's first day in
  this world to its current date.</p>
  <form class="controls"><label>Asset <select name="crypto">${assets
    .map((a) => `<option value="${esc(a.ticker)}">${esc(a.ticker)} (${esc(a.name)}, from ${esc(a.first_day)})</option>`)
    .join("")}</select></label></form>
  <div id="crypto-chart" class="chart"></div>`;
  const select = section.querySelector('select[name="crypto"]');
  const box = document.getElementById("crypto-chart");
  const draw = async () => {
    const ticker = select.value;
    box.dataset.ready = "";
    const bars = await allRows("/crypto/prices", { scenario_id: id, ticker }, "prices", CRYPTO_PAGE);
    if (select.value !== ticker) return; // another asset was chosen meanwhile: its bars are drawn instead
    candleChart(box, bars);
    box.dataset.ticker = ticker;
    box.dataset.ready = "true";
  };
  select.addEventListener("change", () => draw().catch((e) => showError(box, e)));
  await draw();
}
