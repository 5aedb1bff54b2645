// Recording in the e2e tests: Chromium's fake microphone and the length of a take.

/** Chromium's fake microphone (a beeping tone), allowed without asking. */
export const FAKE_MICROPHONE = ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"];

/** Waits until the <audio> at `selector` has loaded and returns its duration. */
export function durationOf(page, selector) {
  return page.evaluate(
    (selector) =>
      new Promise((done, fail) => {
        const audio = document.querySelector(selector);
        if (!audio) return fail(new Error(`no ${selector}`));
        const answer = () => done(audio.duration);
        if (audio.readyState >= 1) return answer();
        audio.addEventListener("loadedmetadata", answer, { once: true });
        audio.addEventListener("error", () => fail(new Error("the audio did not load")), { once: true });
        audio.load();
      }),
    selector,
  );
}
