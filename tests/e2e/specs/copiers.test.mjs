// The copier comparison, and the sources behind every card, as a reader uses them.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startSession, openPage, visit, assertClean, assertAccessible, readData } from "../lib/browser.mjs";

let session;
let table;
before(async () => {
  session = await startSession();
  table = await readData(session, "copiers.json");
});
after(async () => session?.close());

async function openCopiers(page, path = "/copiers") {
  await visit(page, session, path);
  await page.waitForSelector(".copier");
}

test("the header leads to /copiers, which compares every copier on every column", async () => {
  const page = await openPage(session);
  await visit(page, session, "/");
  await page.click("nav[aria-label=Main] a:has-text('Copiers')");
  await page.waitForSelector(".copier");
  assert.equal(new URL(page.url()).pathname, "/copiers");
  assert.equal(await page.textContent("main h1"), "Real copiers compared");

  const rows = table.copiers.length;
  assert.ok(rows >= 10, `${rows} copiers`);
  assert.equal(await page.locator(".copiers-matrix tbody tr").count(), rows);
  assert.equal(await page.locator(".copiers-matrix thead th[scope=col]").count(), 9);
  assert.equal(await page.locator(".copiers-matrix tbody th[scope=row]").count(), rows);
  assert.equal(await page.locator(".copiers-matrix tbody td .verdict").count(), rows * 8);
  assert.ok((await page.textContent(".copiers-matrix caption")).length > 10, "the table has a caption");

  for (const copier of table.copiers) {
    const section = page.locator(`section#${copier.id}`);
    assert.equal(await section.locator(".copier__carry").count(), 8, `${copier.id} answers every column`);
    assert.ok((await section.locator(".copier__loops").textContent()).length > 20, `${copier.id} says how it stops loops`);
    assert.equal(await section.locator(".source-list .source").count(), copier.sources.length, `${copier.id} sources`);
    assert.equal(await section.locator(".copier__cards a").count(), copier.cards.length, `${copier.id} card links`);
    // A copier no release has yet says so beside its name, in the table and in its section.
    const proposed = copier.proposal ? 1 : 0;
    assert.equal(await section.locator(".copier__proposal").count(), proposed, `${copier.id} proposal`);
    if (proposed) assert.ok((await section.locator(".copier__proposal").innerText()).includes(copier.proposal));
    const row = page.locator(".copiers-matrix tbody th[scope=row]", { has: page.locator(`a[href="#${copier.id}"]`) });
    assert.equal(await row.locator(".copier__proposed").count(), proposed, `${copier.id} marked in the table`);
  }
  assert.ok(table.copiers.some((c) => c.proposal?.includes("KIP-1279")), "the proposed Kafka cluster mirroring is listed");
  assertClean(page);
});

test("a row's card link opens the card, and its source links leave the site safely", async () => {
  const page = await openPage(session);
  await openCopiers(page);
  const mm2 = page.locator("section#mirrormaker-2");
  for (const link of await mm2.locator(".source__link").all()) {
    assert.match(await link.getAttribute("href"), /^https:\/\//);
    assert.match(await link.getAttribute("rel"), /\bnoopener\b/);
  }
  const first = table.copiers.find((c) => c.id === "mirrormaker-2").cards[0];
  await mm2.locator(".copier__cards a").first().click();
  await page.waitForSelector("[role=tablist]");
  assert.equal(new URL(page.url()).pathname, `/cards/${first}`);
  assertClean(page);
});

/** Whether the copier's heading is on screen, below the sticky header. */
async function headingInView(page, id) {
  return page.evaluate((id) => {
    const header = document.querySelector(".site-header").getBoundingClientRect().bottom;
    const top = document.getElementById(`${id}-heading`).getBoundingClientRect().top;
    return top >= header - 1 && top < window.innerHeight / 2 ? true : `top ${top}, header ends at ${header}`;
  }, id);
}

test("a deep link to a row scrolls to it and puts focus on its heading", async () => {
  const page = await openPage(session, { viewport: { width: 1280, height: 800 } });
  await openCopiers(page, "/copiers#pulsar-geo-replication");
  await page.waitForFunction(() => document.activeElement?.id === "pulsar-geo-replication-heading");
  assert.equal(await headingInView(page, "pulsar-geo-replication"), true);
  // The matrix links rows the same way.
  await page.click(".copiers-matrix a[href='#msk-replicator']");
  await page.waitForFunction(() => location.hash === "#msk-replicator");
  await page.waitForFunction(() => {
    const top = document.getElementById("msk-replicator-heading").getBoundingClientRect().top;
    return top > 0 && top < window.innerHeight / 2;
  });
  assert.equal(await headingInView(page, "msk-replicator"), true);
  assertClean(page);
});

test("/copiers passes axe light and dark, desktop and phone, without sideways page scroll", async () => {
  const page = await openPage(session);
  for (const [theme, width] of [["light", 1280], ["dark", 1280], ["light", 390], ["dark", 390]]) {
    await page.emulateMedia({ colorScheme: theme });
    await page.setViewportSize({ width, height: 900 });
    await openCopiers(page);
    assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), theme);
    await assertAccessible(page, `/copiers (${theme}, ${width}px)`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `/copiers at ${width}px overflows sideways by ${overflow}px`);
    // The wide table scrolls inside its own region, which a keyboard can reach.
    const region = page.locator(".copiers-matrix");
    assert.equal(await region.getAttribute("tabindex"), "0");
    assert.equal(await region.getAttribute("role"), "region");
  }
  assertClean(page);
});

test("every card shows its sources as safe external links, light and dark", async () => {
  const index = await readData(session, "index.json");
  const slugs = index.sections.flatMap((s) => s.cards.map((c) => c.slug));
  const page = await openPage(session);
  for (const slug of slugs) {
    const card = await readData(session, `cards/${slug}.json`);
    await visit(page, session, `/cards/${slug}`);
    await page.waitForSelector(".card__sources");
    assert.equal(await page.textContent("#sources-heading"), "Sources");
    const links = page.locator(".card__sources .source__link");
    assert.equal(await links.count(), card.sources.length, `${slug} shows every source`);
    assert.ok(card.sources.length > 0, `${slug} lists sources`);
    for (const link of await links.all()) {
      assert.match(await link.getAttribute("href"), /^https:\/\//, slug);
      assert.match(await link.getAttribute("rel"), /\bnoopener\b/, slug);
    }
  }
  for (const theme of ["light", "dark"]) {
    await page.emulateMedia({ colorScheme: theme });
    await visit(page, session, "/cards/echo-loop");
    await page.waitForSelector(".card__sources .source");
    await page.locator(".card__sources").scrollIntoViewIfNeeded();
    await assertAccessible(page, `/cards/echo-loop sources (${theme})`);
  }
  assertClean(page);
});
