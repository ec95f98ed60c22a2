// The page's entry point. A failure anywhere is shown at the top of the page:
// never a blank page.

import { showMessage } from "./api.js";
import * as designer from "./designer.js";
import * as games from "./games.js";
import * as play from "./play.js";
import * as solve from "./solve.js";

const banner = document.getElementById("page-message");
window.addEventListener("error", (event) => showMessage(banner, `page error: ${event.message}`));
window.addEventListener("unhandledrejection", (event) => showMessage(banner, `page error: ${event.reason}`));

play.init();
games.init();
solve.init();
designer.init();
