// Calls to the JSON API. Every answer is either the data or a message to show:
// the server's `{"error", "param"}` for a 4xx/5xx, or what went wrong on the way.

/** @returns {Promise<{ok: true, data: any} | {ok: false, message: string}>} */
export async function call(url, init) {
  let response;
  try {
    response = await fetch(url, init);
  } catch (err) {
    return { ok: false, message: `the server did not answer (${err.message})` };
  }
  let body;
  try {
    body = await response.json();
  } catch {
    return { ok: false, message: `HTTP ${response.status}: the answer was not JSON` };
  }
  if (!response.ok) {
    const where = body && body.param ? `${body.param}: ` : "";
    const what = body && body.error ? body.error : `HTTP ${response.status}`;
    return { ok: false, message: `${where}${what}` };
  }
  return { ok: true, data: body };
}

/** Shows `text` in the message element `el`, or hides it for an empty text. */
export function showMessage(el, text) {
  el.textContent = text || "";
  el.hidden = !text;
}
