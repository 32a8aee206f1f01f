import type { Page } from "@playwright/test";
import { expect } from "../fixtures";

/** The page is no wider than the window; the message names what sticks out, to find it. */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  await page.waitForLoadState("load");
  const found = await page.evaluate(() => {
    const inner = window.innerWidth;
    const wider = [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > inner + 0.5)
      // Inside a scroll box that fits, sticking out of the box is scrolling within it.
      .filter((el) => {
        for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
          if (getComputedStyle(box).overflowX !== "visible" && box.getBoundingClientRect().right <= inner + 0.5) return false;
        }
        return true;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].join(".")} right=${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, inner, wider };
  });
  expect(found.scrollWidth, `${what} at ${found.inner} px scrolls sideways; sticking out: ${found.wider.join(" | ")}`).toBeLessThanOrEqual(
    found.inner,
  );
}
