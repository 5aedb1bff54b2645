// /resume as a person uses it: the dumps their MirrorMaker 2 printed, pasted or chosen;
// the table read; a reset plan saved; "show me" opened; bad input said without losing what
// was given; an --all-groups terminal paste with a rebalancing group and a kafka- group,
// and both reset plans saved, each the command line's. The fixtures and their hand-worked
// answers: tests/resume/README.md.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { startSession, openPage, visit, assertClean, assertAccessible } from "../lib/browser.mjs";

const FIXTURES = fileURLToPath(new URL("../../resume/", import.meta.url));
const DUMPS = ["offset-syncs.txt", "checkpoints.txt", "consumer-groups.txt"];
const fixture = (name) => readFile(FIXTURES + name, "utf8");

let session;
before(async () => (session = await startSession()));
after(async () => session?.close());

async function paste(page, text) {
  await page.fill("#resume-paste-text", text);
  await page.click("text=Add the pasted text");
}

const row = (page, group, partition) => page.locator(`.resume-table tr[data-group="${group}"][data-partition="${partition}"]`);

test("three dumps pasted: each group's resume point, re-reads and notes, then show me in the lab", async () => {
  const page = await openPage(session);
  await visit(page, session, "/resume");
  assert.equal(await page.textContent("main h1"), "Where will my consumers resume?");
  assert.match(await page.textContent(".resume-private"), /Nothing leaves this browser/);
  for (const name of DUMPS) await paste(page, await fixture(name));
  await page.waitForSelector(".resume-table");
  const billing = row(page, "billing", 0);
  assert.match(await billing.locator(".resume-at").innerText(), /^911 \(primary\.orders\)$/);
  assert.equal(await billing.locator(".replay").innerText(), "re-reads at most 119");
  assert.equal(await row(page, "audit", 0).locator(".replay").innerText(), "skips 590");
  assert.equal(await row(page, "audit", 1).locator("li[data-code=never-committed]").count(), 1);
  const summary = await page.locator(".resume-summary").innerText();
  assert.match(summary, /billing re-reads at most 518 records across 2 partitions/);
  assert.match(summary, /audit has no checkpoint: it would start from latest and skip 590/);
  // A note's card link is the card.
  assert.equal(await billing.locator("li a[href^='/cards/']").first().getAttribute("href"), "/cards/reader-resume");
  // An older release reads the same dumps by its own rule: 3.4.0 adds the distance.
  await page.selectOption(".resume-options select >> nth=0", "3.4.0");
  await page.waitForFunction(() => document.querySelector(".resume-answer .row-note")?.textContent.includes("3.4.0"));
  assert.equal(await billing.locator("td >> nth=5").innerText(), "1030");
  assert.equal(await billing.locator("li[data-code=distance-added] a[href*=KAFKA-12468]").count(), 1);
  await assertAccessible(page, "/resume with an answer");
  assertClean(page);
  // Show me: the lab's sampled map at the dumps' spacing of syncs.
  await page.click("text=Show me in the lab");
  await page.waitForURL(/\/lab\/sampled-map\?map_every=\d+/);
  await page.waitForSelector("svg.stage[data-ready=true]");
  assertClean(page);
  await page.close();
});

test("the dumps chosen with the file chooser on a phone, a reset plan saved for a ticked group", async () => {
  const page = await openPage(session, { viewport: { width: 390, height: 844 } });
  await visit(page, session, "/resume");
  const files = await Promise.all(DUMPS.map(async (name) => ({ name, mimeType: "text/plain", buffer: Buffer.from(await fixture(name)) })));
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.click("label[for=resume-files]")]);
  assert.ok(chooser.isMultiple());
  await chooser.setFiles(files);
  await page.waitForSelector(".resume-table");
  assert.equal(await page.locator(".resume-given li").count(), 3);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Save the reset plans")]);
  assert.equal(download.suggestedFilename(), "reset-billing.csv");
  assert.equal(await readFile(await download.path(), "utf8"), "primary.orders,0,911\nprimary.orders,1,1501\n");
  // The command names the target by the checkpoints topic it holds (no configuration given), not a fixed address.
  assert.match(await page.locator(".resume-apply [role=status]").innerText(), /--bootstrap-server <bootstrap servers of the cluster holding primary\.checkpoints\.internal> --group billing --reset-offsets --from-file reset-billing\.csv --execute/);
  // No sideways scroll of the page itself: the table scrolls in its own box.
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth + 1));
  assertClean(page);
  await page.close();
});

test("a cut line is named by file and line, what was given stays, and taking it out brings the answer back", async () => {
  const page = await openPage(session);
  await visit(page, session, "/resume");
  for (const name of DUMPS) await paste(page, await fixture(name));
  await page.waitForSelector(".resume-table");
  await paste(page, "OffsetSync{topicPartition=orders-0, upstreamOffset=1, downstreamOffset=1}\nOffsetSync{topicPartition=orders-0, upstre");
  const error = page.locator(".resume-page > .resume-error[role=alert]");
  await error.waitFor();
  assert.match(await error.innerText(), /^paste 4:2: .*cut short/);
  assert.equal(await page.locator(".resume-given li").count(), 4, "nothing given is lost");
  await page.click("button[aria-label='Take out paste 4']");
  await page.waitForSelector(".resume-table");
  // A file dropped from a folder joins what was given.
  await page.evaluate((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], "dropped-groups.txt"));
    const zone = document.querySelector(".resume-drop");
    zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: dt, bubbles: true, cancelable: true }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, "GROUP TOPIC PARTITION CURRENT-OFFSET LOG-END-OFFSET LAG CONSUMER-ID HOST CLIENT-ID\nreports orders 0 300 1040 740 - - -\n");
  await page.waitForSelector('.resume-table tr[data-group="reports"]');
  // Kafka's store has thinned orders-0's syncs to 0, 400, 800, 900 and 1,000: a commit at 300
  // translates through the sync at 0, to 11 (tests/resume/README.md).
  assert.equal(await row(page, "reports", 0).locator("td >> nth=5").innerText(), "11");
  // An empty paste, and a text that is none of the dumps.
  await page.click("text=Add the pasted text");
  assert.match(await page.locator(".resume-inputs .resume-error").innerText(), /Paste a dump into the box first/);
  await paste(page, "hello");
  await error.waitFor();
  assert.match(await error.innerText(), /paste 5: this is none of what this page reads/);
  assert.equal(await page.locator(".resume-given li").count(), 5, "the dropped file and the pastes stay");
  assertClean(page);
  await page.close();
});

test("an --all-groups terminal paste (a rebalancing group, a kafka- group) answers every group, and both reset plans save what the command line prints", async () => {
  const allGroups = fileURLToPath(new URL("../../../crates/copiers/src/products/mm2/offsets/kafka-3.9-describe-all-groups.txt", import.meta.url));
  const page = await openPage(session);
  await visit(page, session, "/resume");
  for (const name of DUMPS.slice(0, 2)) await paste(page, await fixture(name));
  await paste(page, await readFile(allGroups, "utf8"));
  await page.waitForSelector(".resume-table");
  // Kafka prints "Warning: Consumer group 'billing' is rebalancing." above billing's table:
  // billing is still answered, and so is kafka-mirror, whose name starts like the tool's own lines.
  assert.ok((await row(page, "billing", 0).count()) === 1, "billing, rebalancing, is answered");
  assert.ok((await page.locator('.resume-table tr[data-group="kafka-mirror"]').count()) >= 1, "kafka-mirror is not dropped");
  const cli = (plan) =>
    execFileSync("cargo", ["run", "-q", "--locked", "-p", "hoplab-cli", "--", "resume", FIXTURES + DUMPS[0], FIXTURES + DUMPS[1], allGroups, "--reset-plan", "billing", "--plan", plan], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const saved = async (plan) => {
    await page.check(`input[name=resume-plan][value=${plan}]`);
    const [download] = await Promise.all([page.waitForEvent("download"), page.click("text=Save the reset plans")]);
    assert.equal(download.suggestedFilename(), "reset-billing.csv");
    return readFile(await download.path(), "utf8");
  };
  // Every row the page shows is the row hoplab resume --json gives: where the checkpoint
  // puts it, where it actually starts, and what it reads again or skips.
  const json = JSON.parse(
    execFileSync("cargo", ["run", "-q", "--locked", "-p", "hoplab-cli", "--", "resume", "--json", FIXTURES + DUMPS[0], FIXTURES + DUMPS[1], allGroups], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }),
  );
  assert.equal(await page.locator(".resume-table tbody tr[data-group]").count(), json.partitions.length);
  for (const p of json.partitions) {
    const shown = row(page, p.group, p.partition);
    assert.equal(await shown.getAttribute("data-start-from"), p.start_from, `${p.group} ${p.partition}`);
    const at = await shown.locator(".resume-at").innerText();
    assert.equal(at === "no checkpoint" ? null : Number(at.split(" ")[0]), p.resume_at, `${p.group} ${p.partition}: ${at}`);
    const replay = await shown.locator(".replay").innerText();
    if (p.replay_at_most !== null) assert.equal(replay, `re-reads at most ${p.replay_at_most}`);
    else if (p.skipped !== null) assert.match(replay, new RegExp(`^skips (up to )?${p.skipped}\\b`));
  }
  const [neverSkip, reReadLeast] = [await saved("never-skip"), await saved("re-read-least")];
  assert.equal(neverSkip, cli("never-skip"));
  assert.equal(reReadLeast, cli("re-read-least"));
  assert.notEqual(neverSkip, reReadLeast, "the plans differ on billing's partition 0");
  assert.match(await page.locator(".resume-plans-differ").innerText(), /billing orders-0: never skip \d+/);
  assertClean(page);
  await page.close();
});
