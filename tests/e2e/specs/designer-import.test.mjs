// Bringing a copier's own configuration to the designer, as an architect would: drop the
// MirrorMaker 2 file they run, read the findings in the product's terms, follow a card,
// export the design as Strimzi YAML and read that back; files that do not read.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";

const FIXTURES = fileURLToPath(new URL("../../import/", import.meta.url));

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

async function fresh(page) {
  await visit(page, session, "/designer");
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");
}

/** Drops files on the import box as a person dragging them from a folder would. */
async function dropFiles(page, files) {
  await page.evaluate((files) => {
    const dt = new DataTransfer();
    for (const { name, text } of files) dt.items.add(new File([text], name));
    const zone = document.querySelector(".import-drop");
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, files);
}

const fixture = async (name) => ({ name, text: await readFile(FIXTURES + name, "utf8") });
const hopPairs = (page) =>
  page.$$eval("g.dz-hop", (hops) => hops.length);

test("a MirrorMaker 2 file with identity naming both ways: the loop with its card, then Strimzi YAML and back", async () => {
  const page = await openPage(session);
  const importChunks = [];
  page.on("request", (r) => {
    if (/import/.test(new URL(r.url()).pathname) && r.url().endsWith(".wasm")) importChunks.push(r.url());
  });
  await fresh(page);
  assert.deepEqual(importChunks, [], "the importer is not fetched before an import");

  await dropFiles(page, [await fixture("mm2-identity-both-ways.properties")]);
  await page.waitForSelector(".import-report");
  assert.equal(await page.locator("g.dz-site").count(), 2);
  // One list of findings: the Lint panel has the model's loop in MirrorMaker 2's words.
  const finding = page.locator(".designer-lint .lint-item[data-code=mm2-identity-loop]").first();
  await finding.waitFor();
  assert.match(await finding.innerText(), /IdentityReplicationPolicy/);
  assert.equal(await finding.locator("a").first().getAttribute("href"), "/cards/echo-loop");
  await finding.locator("summary").click();
  assert.match(await finding.locator(".lint-evidence").innerText(), /IdentityReplicationPolicy\.java/);
  assert.doesNotMatch(await page.locator(".lint-headline").innerText(), /No findings/);
  // It stays with the design: after a reload the files are read again for it.
  await page.reload();
  await page.locator(".designer-lint .lint-item[data-code=mm2-identity-loop] .lint-evidence").first().waitFor();
  assert.match(await page.locator(".import-report").innerText(), /mm2-properties/, "the report is kept too");
  const hops = await hopPairs(page);
  assert.ok(hops >= 2, `${hops} hops`);
  assert.ok(importChunks.length >= 1, "the importer came in a chunk of its own, on the import");

  await page.selectOption("#dz-export-to", "strimzi");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export configuration")]);
  assert.match(download.suggestedFilename(), /\.strimzi\.yaml$/);
  const yaml = await readFile(await download.path(), "utf8");
  assert.match(yaml, /kind: KafkaMirrorMaker2/);

  await dropFiles(page, [{ name: "back.strimzi.yaml", text: yaml }]);
  await page.waitForFunction(() => document.querySelector(".import-report")?.innerText.includes("strimzi"));
  assert.equal(await page.locator("g.dz-site").count(), 2);
  assert.equal(await hopPairs(page), hops, "the same hops come back");

  await page.locator(".designer-lint .lint-item a[href='/cards/echo-loop']").first().click();
  await page.waitForURL(/\/cards\/echo-loop$/);
  await page.waitForSelector("main h1");
  assertClean(page);
  await page.close();
});

/** Chooses files with the import's "Choose files…" control, as a person picking them would. */
async function chooseFiles(page, files) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("label[for=dz-copier-files]")]);
  assert.ok(chooser.isMultiple(), "the chooser takes several files at once");
  await chooser.setFiles(files.map(({ name, text }) => ({ name, mimeType: "text/plain", buffer: Buffer.from(text) })));
}

// Every format the import reads, chosen with the chooser (a phone has no other way in).
const CHOSEN = [
  [["mm2-kafka-sample.properties"], "mm2-properties"],
  [["mm2-connect.json"], "mm2-connect"],
  [["strimzi-v1beta2.yaml"], "strimzi"],
  [["strimzi-v1.yaml"], "strimzi"],
  [["nats-source-target.json"], "nats"],
  [["rabbitmq-ring-a.json", "rabbitmq-ring-b.json", "rabbitmq-ring-c.json"], "rabbitmq"],
  [["msk-replicator.json"], "msk"],
  [["cluster-link.properties"], "cluster-link"],
  [["redpanda-shadow.yaml"], "redpanda-shadow"],
  [["kafka-cluster-mirrors.sh"], "kafka-cluster-mirrors"],
];

test("Choose files… reads what was chosen, for every format, on a phone", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  for (const [names, format] of CHOSEN) {
    await chooseFiles(page, await Promise.all(names.map(fixture)));
    // The report is redrawn for each pick; wait until it lists the files just chosen.
    await page.waitForFunction(
      (names) => [...document.querySelectorAll(".import-site-row label")].map((l) => l.textContent).join() === names.join(),
      names,
    );
    const report = page.locator(".import-report");
    await report.waitFor();
    assert.match(await report.innerText(), new RegExp(`Read as: ${format}\\b`), names.join(", "));
    assert.ok((await page.locator("g.dz-site").count()) >= 2, `${names} drew its sites`);
    // Cleared after each pick (so the same file can be chosen again), yet what was picked was read.
    assert.equal(await page.$eval("#dz-copier-files", (input) => input.value), "");
  }
  assert.equal(await page.locator(".import-error").count(), 0);
  assertClean(page);
  await page.close();
});

test("a deployed MirrorMaker 2 file chosen, exported and chosen again: addresses and settings kept, after a reload too", async () => {
  const page = await openPage(session);
  await fresh(page);
  const original = await fixture("mm2-deployed.properties");
  await chooseFiles(page, [original]);
  await page.waitForFunction(() => document.querySelector(".import-report")?.innerText.includes("mm2-properties"));
  const hops = await hopPairs(page);
  assert.ok(hops >= 1, `${hops} hops`);

  const exportOnce = async () => {
    await page.selectOption("#dz-export-to", "mm2-properties");
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export configuration")]);
    return readFile(await download.path(), "utf8");
  };
  const kept = (text) => {
    for (const line of original.text.split("\n")) {
      if (/bootstrap\.servers|security\.protocol|sync\.group\.offsets|\.groups =|replication\.factor/.test(line)) {
        assert.ok(text.includes(line), `kept: ${line}\n${text}`);
      }
    }
    assert.doesNotMatch(text, /:9092/, "no placeholder address");
  };
  const written = await exportOnce();
  kept(written);
  await page.locator("p.notice", { hasText: "written onto mm2-deployed.properties" }).waitFor();

  // The imported file stays with the design: a reload still exports onto it.
  await page.reload();
  await page.waitForSelector(".designer-canvas svg");
  kept(await exportOnce());

  await chooseFiles(page, [{ name: "exported.properties", text: written }]);
  await page.waitForFunction(() => document.querySelector(".import-site-row label")?.textContent === "exported.properties");
  await page.waitForSelector(".import-report");
  assert.equal(await page.locator("g.dz-site").count(), 2);
  assert.equal(await hopPairs(page), hops, "the same hops come back");
  assertClean(page);
  await page.close();
});

test("a KIP-1279 cluster-mirroring script chosen: a proposed product's findings in its words, written back onto the script", async () => {
  const page = await openPage(session);
  await fresh(page);
  const original = await fixture("kafka-cluster-mirrors-stopped.sh");
  await chooseFiles(page, [original]);
  await page.waitForFunction(() => document.querySelector(".import-report")?.innerText.includes("kafka-cluster-mirrors"));
  const report = await page.locator(".import-report").innerText();
  assert.match(report, /cluster mirror a-to-b \(KIP-1279, a proposal\)/);
  // The stop's finding quotes the KIP's own discussion, nobody else's.
  const finding = page.locator("[data-code=cluster-mirror-stop-truncates]").first();
  await finding.waitFor();
  assert.match(await finding.innerText(), /last stable offset/);
  const cited = await finding.locator("a[href^='https://']").evaluateAll((links) => links.map((a) => a.href));
  assert.ok(cited.length > 0 && cited.every((u) => u.includes("dev@kafka.apache.org")), cited.join());

  await page.selectOption("#dz-export-to", "kafka-cluster-mirrors");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export configuration")]);
  const written = await readFile(await download.path(), "utf8");
  assert.match(download.suggestedFilename(), /\.cluster-mirrors\.sh$/);
  assert.ok(written.includes("--create --mirror a-to-b --mirror-config a-to-b.properties"), written);
  assert.ok(written.includes("--start --mirror a-to-b --topics orders"), written);
  assert.doesNotMatch(written, /^\S*kafka-cluster-mirrors\.sh .*(--stop|--topics payments)/m, "the stopped topic is no longer mirrored");
  await page.locator("p.notice", { hasText: "written onto kafka-cluster-mirrors-stopped.sh" }).waitFor();

  await chooseFiles(page, [{ name: "exported.sh", text: written }]);
  await page.waitForFunction(() => document.querySelector(".import-site-row label")?.textContent === "exported.sh");
  await page.waitForSelector(".import-report");
  assert.equal(await page.locator("g.dz-site").count(), 2);
  assert.equal(await hopPairs(page), 1, "orders, mirrored one way");
  assertClean(page);
  await page.close();
});

test("the products' findings follow the design as it is edited: a removed hop takes its finding, undo brings it back", async () => {
  const page = await openPage(session);
  await fresh(page);
  await chooseFiles(page, [await fixture("msk-replicator.json")]);
  const finding = page.locator(".lint-item[data-code=head-lost-at-start]");
  await finding.first().waitFor();
  const hops = await page.locator("button[aria-label^='Remove hop']").count();
  assert.ok(hops >= 1, `${hops} hops`);
  for (let i = 0; i < hops; i++) await page.locator("button[aria-label^='Remove hop']").first().click();
  await page.waitForFunction(() => document.querySelectorAll("g.dz-hop").length === 0);
  await page.waitForFunction(() => !document.querySelector(".lint-item[data-code=head-lost-at-start]"));
  for (let i = 0; i < hops; i++) await page.click("button:has-text('Undo')");
  await finding.first().waitFor();
  assertClean(page);
  await page.close();
});

test("which of my topics would be copied: a pasted list checked against the flows, with why a name is left", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  await chooseFiles(page, [await fixture("mm2-kafka-sample.properties")]);
  await page.waitForSelector(".import-report");
  await page.click(".topic-check summary");
  await page.fill("#dz-topic-names", "orders\n__consumer_offsets, mm2-offsets.B.internal");
  await page.click("text=Check them");
  const rows = page.locator(".topic-check-table tbody tr");
  await rows.first().waitFor();
  assert.equal(await rows.count(), 3);
  assert.equal(await rows.nth(0).getAttribute("data-copied"), "true");
  assert.match(await rows.nth(0).innerText(), /A->B \(MirrorMaker 2\)/);
  assert.equal(await rows.nth(1).getAttribute("data-copied"), "false");
  assert.match(await rows.nth(1).innerText(), /never copies an internal topic/);
  assert.equal(await rows.nth(2).getAttribute("data-copied"), "false");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0, "the table scrolls inside its box on a phone");
  // Nothing pasted: the page says so and keeps the last answer's box usable.
  await page.fill("#dz-topic-names", "  ");
  await page.click("text=Check them");
  await page.locator(".topic-check .notice--error", { hasText: "Paste one or more stream names" }).waitFor();

  // The files are kept in this browser until the person forgets them.
  assert.notEqual(await page.evaluate(() => localStorage.getItem("hoplab.designer.imported-from")), null);
  await page.click("text=Forget the imported files");
  await page.waitForFunction(() => !document.querySelector(".import-kept"));
  assert.equal(await page.evaluate(() => localStorage.getItem("hoplab.designer.imported-from")), null);
  assert.equal(await page.locator("g.dz-site").count(), 2, "the design itself stays");
  assertClean(page);
  await page.close();
});

test("two-way flows between two clusters draw one readable label each, none over another", async () => {
  const page = await openPage(session);
  await fresh(page);
  const text = "clusters = A, B\nA->B.enabled = true\nB->A.enabled = true\nA->B.topics = orders\nB->A.topics = orders\n";
  await chooseFiles(page, [{ name: "both-ways.properties", text }]);
  await page.waitForFunction(() => document.querySelectorAll("g.dz-hop").length === 2);
  // Zoomed in enough that the canvas draws its text (a phone's "Fit" shows only site names).
  const labels = page.locator(".dz-hop-label");
  assert.deepEqual((await labels.evaluateAll((ls) => ls.map((l) => l.textContent))).sort(), ["orders A→B", "orders B→A"]);
  const [a, b] = await labels.evaluateAll((ls) => ls.map((l) => l.getBoundingClientRect().toJSON()));
  const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  assert.ok(apart, `the labels do not cover each other: ${JSON.stringify([a, b])}`);
  assertClean(page);
  await page.close();
});

test("ten clusters at Fit: every site's name at a readable size; zooming in brings the details back", async () => {
  const page = await openPage(session);
  await fresh(page);
  const dcs = Array.from({ length: 10 }, (_, i) => `dc${i}`);
  let text = `clusters = ${dcs.join(", ")}\n`;
  dcs.forEach((dc, i) => {
    const next = dcs[(i + 1) % dcs.length];
    text += `${dc}->${next}.enabled = true\n${dc}->${next}.topics = orders, payments\n`;
  });
  await chooseFiles(page, [{ name: "ten-clusters.properties", text }]);
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 10);
  await page.click(".canvas-zoom >> text=Fit");
  const svg = page.locator(".canvas-svg");
  await page.waitForFunction(() => document.querySelector(".canvas-svg").classList.contains("canvas-svg--far"));
  const titles = await page.locator(".dz-site-far").evaluateAll((ts) =>
    ts.map((t) => ({ text: t.textContent, height: t.getBoundingClientRect().height, shown: getComputedStyle(t).display !== "none" })),
  );
  assert.deepEqual(titles.map((t) => t.text).sort(), [...dcs].sort());
  for (const t of titles) {
    assert.ok(t.shown && t.height >= 12, `${t.text} is drawn ${t.height.toFixed(1)} px high`);
  }
  assert.equal(await page.locator(".dz-hop-label").first().isVisible(), false, "labels too small to read are not drawn");
  for (let i = 0; i < 12 && (await svg.getAttribute("class")).includes("canvas-svg--far"); i++) {
    await page.click("button[aria-label='Zoom in']");
  }
  assert.doesNotMatch(await svg.getAttribute("class"), /canvas-svg--far/);
  assert.equal(await page.locator(".dz-site-far").first().isVisible(), false);
  const label = await page.locator(".dz-hop-label").first().evaluate((l) => l.getBoundingClientRect().height);
  assert.ok(label >= 8, `a hop label is ${label.toFixed(1)} px high once zoomed in`);
  assertClean(page);
  await page.close();
});

test("a large estate's lists show their first rows and a button for the rest", async () => {
  const page = await openPage(session);
  await fresh(page);
  const topics = Array.from({ length: 40 }, (_, i) => `t${String(i).padStart(2, "0")}`);
  const text = `clusters = A, B\nA->B.enabled = true\nA->B.topics = ${topics.join(", ")}\n`;
  await chooseFiles(page, [{ name: "forty-topics.properties", text }]);
  await page.waitForSelector(".import-report");
  const hopRows = page.locator("#dz-hop-list > li");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-hop").length === 40);
  assert.equal(await hopRows.count(), 12, "the first rows only");
  const short = await page.evaluate(() => document.documentElement.scrollHeight);
  const showAll = page.locator("button.show-all[aria-controls=dz-hop-list]");
  assert.equal(await showAll.innerText(), "Show all 40 hops");
  assert.equal(await showAll.getAttribute("aria-expanded"), "false");
  await showAll.click();
  await page.waitForFunction(() => document.querySelectorAll("#dz-hop-list > li").length === 40);
  assert.equal(await showAll.getAttribute("aria-expanded"), "true");
  assert.ok((await page.evaluate(() => document.documentElement.scrollHeight)) > short, "the page grows only when asked");
  assert.equal(await page.locator("#dz-stream-list > li").count(), 12, "streams keep their own short list");
  assertClean(page);
  await page.close();
});

test("a Strimzi v1beta2 resource chosen and exported comes back as v1beta2 with its clusters, version and name", async () => {
  const page = await openPage(session);
  await fresh(page);
  await chooseFiles(page, [await fixture("strimzi-v1beta2.yaml")]);
  await page.waitForFunction(() => document.querySelector(".import-report")?.innerText.includes("strimzi"));
  await page.selectOption("#dz-export-to", "strimzi");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Export configuration")]);
  const yaml = await readFile(await download.path(), "utf8");
  for (const kept of ["apiVersion: kafka.strimzi.io/v1beta2", "name: my-mirror-maker-2", "version: 4.1.0", 'connectCluster: "cluster-b"', 'groupsPattern: ".*"', "heartbeats.topic.replication.factor: -1"]) {
    assert.ok(yaml.includes(kept), `kept: ${kept}\n${yaml}`);
  }
  assert.doesNotMatch(yaml, /kafka\.strimzi\.io\/v1\n/);
  assertClean(page);
  await page.close();
});

test("three RabbitMQ brokers' files chosen and exported: one download per broker, named after its file, keeping its names and URIs, and the three read back", async () => {
  const page = await openPage(session);
  await fresh(page);
  await chooseFiles(page, await Promise.all(["a", "b", "c"].map((x) => fixture(`rabbitmq-ring-${x}.json`))));
  const finding = page.locator(".designer-lint .lint-item[data-code=hop-budget-short-of-ring]").first();
  await finding.waitFor();
  // In RabbitMQ's words: brokers and federation links, not the model's hop ids.
  const said = await finding.innerText();
  assert.match(said, /federation links rabbit-\w → rabbit-\w/);
  assert.match(said, /ring of 3 brokers/);
  assert.doesNotMatch(said, /\/federated\.->/);
  await page.selectOption("#dz-export-to", "rabbitmq");
  await page.click("text=Export configuration");
  assert.match(await page.locator(".designer-notice").innerText(), /rabbitmq-ring-a\.json, rabbitmq-ring-b\.json, rabbitmq-ring-c\.json/);
  // One download per broker, in the order chosen, each named after its file and one
  // broker's definitions (what rabbitmqctl import_definitions takes).
  const buttons = page.locator(".export-files button.export-file");
  assert.equal(await buttons.count(), 3);
  const saved = [];
  for (const [i, x] of ["a", "b", "c"].entries()) {
    const [download] = await Promise.all([page.waitForEvent("download"), buttons.nth(i).click()]);
    assert.equal(download.suggestedFilename(), `rabbitmq-ring-${x}.json`);
    const text = await readFile(await download.path(), "utf8");
    assert.ok(!Array.isArray(JSON.parse(text)), text);
    saved.push({ name: download.suggestedFilename(), text });
  }
  const json = saved.map((f) => f.text).join("\n");
  for (const kept of ['"amqp://rabbit-c:5672"', '"up-rabbit-c"', '"federate-me"', '"rabbit@rabbit-b"', '"trust-user-id": false']) {
    assert.ok(json.includes(kept), `kept: ${kept}\n${json}`);
  }
  await chooseFiles(page, saved.map(({ name, text }) => ({ name: `exported-${name}`, text })));
  await page.waitForFunction(() => document.querySelector(".import-report")?.innerText.includes("exported-rabbitmq-ring-c.json"));
  assert.equal(await page.locator("g.dz-site").count(), 3);
  await page.locator(".designer-lint .lint-item[data-code=hop-budget-short-of-ring]").first().waitFor();
  assertClean(page);
  await page.close();
});

test("one file per broker with no site names: NATS domains told apart, anonymous brokers asked for by name before drawing", async () => {
  const page = await openPage(session);
  await fresh(page);
  // Two JetStream domains sourcing each other, chosen with no site names: two sites and the loop.
  await chooseFiles(page, [await fixture("nats-east.json"), await fixture("nats-west.json")]);
  await page.waitForSelector(".import-report");
  assert.equal(await page.locator("g.dz-site").count(), 2);
  assert.match(await page.locator(".import-report").innerText(), /nats-east\.json: stands for east/);
  await page.locator(".designer-lint .lint-item[data-code=jetstream-cycle-across-domains]").first().waitFor();
  // Written back one download per domain, each named after its file, with nothing of Hoplab's in it.
  await page.selectOption("#dz-export-to", "nats");
  await page.click("text=Export configuration");
  const domainFiles = page.locator(".export-files button.export-file");
  assert.equal(await domainFiles.count(), 2);
  for (const [i, name] of ["nats-east.json", "nats-west.json"].entries()) {
    const [download] = await Promise.all([page.waitForEvent("download"), domainFiles.nth(i).click()]);
    assert.equal(download.suggestedFilename(), name);
    const text = await readFile(await download.path(), "utf8");
    assert.doesNotMatch(text, /hoplab/, text);
  }

  // Three RabbitMQ brokers' files that name neither themselves nor each other's files.
  const ring = await Promise.all(["a", "b", "c"].map((x) => fixture(`rabbitmq-ring-${x}.json`)));
  const anonymous = ring.map(({ text }, i) => {
    const doc = JSON.parse(text);
    delete doc.global_parameters;
    return { name: ["one.json", "two.json", "three.json"][i], text: JSON.stringify(doc, null, 2) };
  });
  await chooseFiles(page, anonymous);
  const error = page.locator(".import-error");
  await error.waitFor();
  assert.match(await error.innerText(), /one\.json, two\.json, three\.json/);
  assert.match(await error.innerText(), /Name the site each file stands for/);
  assert.equal(await page.locator("g.dz-site").count(), 2, "nothing drawn: the NATS estate stays");
  // Naming one broker is enough: the others follow from what they point at.
  await page.fill("#dz-copier-site-0", "rabbit-a");
  await page.locator("#dz-copier-site-0").dispatchEvent("change");
  await page.click("text=Import again with these sites");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 3);
  assert.equal(await page.locator(".import-error").count(), 0);
  assertClean(page);
  await page.close();
});

test("files that do not read: named line and key, a billion laughs refused, markup as text, the design kept", async () => {
  const page = await openPage(session);
  await fresh(page);
  await page.selectOption("#dz-template", "one-way-dr");
  await page.click("text=Load template");
  await page.waitForFunction(() => document.querySelectorAll("g.dz-site").length === 2);

  await dropFiles(page, [await fixture("mm2-bad-number.properties")]);
  const error = page.locator(".import-error");
  await error.waitFor();
  assert.match(await error.innerText(), /mm2-bad-number\.properties, line \d+, key /);
  assert.match(await error.innerText(), /your design is as it was/);

  const started = Date.now();
  await dropFiles(page, [await fixture("broken-billion-laughs.yaml")]);
  await page.waitForFunction(() => document.querySelector(".import-error")?.innerText.includes("broken-billion-laughs.yaml"));
  assert.ok(Date.now() - started < 5000, "refused quickly");

  const badNumber = "clusters = a, b\na->b.enabled = true\na->b.topics = orders\noffset.lag.max = lots\n";
  await dropFiles(page, [{ name: "<img src=x onerror=alert(1)>.properties", text: badNumber }]);
  await page.waitForFunction(() => document.querySelector(".import-error")?.innerText.includes("<img src=x"));
  assert.equal(await page.locator(".designer-import img").count(), 0);

  // A cluster-mirroring script that starts a mirror no --create made, with markup in its
  // name, chosen as a person would: the line and the name are said, as text.
  const orphan = "kafka-cluster-mirrors.sh --bootstrap-server b:9092 --start --mirror '<b>m</b>' --topics orders\n";
  await chooseFiles(page, [{ name: "setup/<i>x</i>.sh", text: orphan }]);
  await page.waitForFunction(() => document.querySelector(".import-error")?.innerText.includes("no --create before it"));
  assert.match(await error.innerText(), /line 1/);
  assert.match(await error.innerText(), /'<b>m<\/b>'/);
  assert.equal(await page.locator(".designer-import b, .designer-import i").count(), 0);

  await dropFiles(page, [{ name: "huge.properties", text: "x".repeat(1024 * 1024 + 10) }]);
  await page.waitForFunction(() => document.querySelector(".import-error")?.innerText.includes("at most 1 MiB"));
  assert.equal(await page.locator("g.dz-site").count(), 2, "the canvas keeps the template");
  assertClean(page);
  await page.close();
});

test("a RabbitMQ ring of three brokers, one file each: three sites, a run's coverage, on a phone and in axe", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await fresh(page);
  await dropFiles(page, [
    await fixture("rabbitmq-ring-a.json"),
    await fixture("rabbitmq-ring-b.json"),
    await fixture("rabbitmq-ring-c.json"),
  ]);
  await page.waitForSelector(".import-report");
  assert.equal(await page.locator("g.dz-site").count(), 3);
  assert.equal(await page.locator(".import-site-row input").count(), 3, "a site field per file");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.equal(overflow, 0, "nothing sticks out sideways on a 390 px phone");
  await page.click(".designer-run button.primary");
  await page.waitForSelector(".coverage-table tbody tr", { timeout: 60000 });
  assert.ok((await page.locator(".coverage-table tbody tr").count()) >= 1);
  await assertAccessible(page, "the designer after an import and a run");
  assertClean(page);
  await page.close();
});
