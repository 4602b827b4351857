// Formatting helpers shared by the tinyroute web pages.

const UNITS = ["B", "KiB", "MiB", "GiB"];

/**
 * Formats a byte count for people, e.g. 1536 -> "1.5 KiB".
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${UNITS[unit]}`;
}

/**
 * Escapes text for safe insertion into HTML, so that a route name such as
 * <script>alert(1)</script> is shown as text and never run.
 * @param {string} text
 */
export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Formats a duration in milliseconds as "1.2 s" or "350 ms". */
export const formatDuration = (ms) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
