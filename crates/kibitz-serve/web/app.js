// The page's entry point. A failure anywhere is shown at the top of the page:
// never a blank page.

import { showMessage } from "./api.js";
import * as designer from "./designer.js";
import * as games from "./games.js";

const banner = document.getElementById("page-message");
window.addEventListener("error", (event) => showMessage(banner, `page error: ${event.message}`));
window.addEventListener("unhandledrejection", (event) => showMessage(banner, `page error: ${event.reason}`));

games.init();
designer.init();
