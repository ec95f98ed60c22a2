//! What a `kibitz serve` process serves beyond the built-in page and variants:
//! its own `variants.ini` (`--variants`), and the page's WebAssembly engine
//! (`--web`, the folder `scripts/build_web.sh` writes).
//!
//! With the engine, the page computes legal moves, the move list, game ends,
//! the piece designer and pasted `variants.ini` texts itself, with no round
//! trip; the server answers what needs a process (game files, solves with a
//! Stop). The page learns the server's own variants from
//! `GET /api/variants.ini`, so that its engine plays them too.
//!
//! ```
//! let site = kibitz_serve::Site::with_variants_ini("[nightmare:chess]\ncustomPiece1 = m:NN\n")?;
//! assert_eq!(site.variants()[0].name(), "nightmare");
//! # Ok::<(), kibitz::variant::ini::IniError>(())
//! ```

use std::io;
use std::path::{Path, PathBuf};

use axum::Router;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use kibitz::variant::Variant;
use kibitz::variant::ini::{self, IniError};

use crate::AppState;

/// The files of the wasm package the page loads (`web/local.js` imports
/// `./pkg/kibitz_wasm.js`, which fetches the `.wasm` beside it).
const PACKAGE_JS: &str = "kibitz_wasm.js";
const PACKAGE_WASM: &str = "kibitz_wasm_bg.wasm";

/// The page's WebAssembly engine: the ES module wasm-bindgen wrote and its
/// `.wasm`, read once when the server starts.
#[derive(Clone, Debug)]
pub struct WasmPackage {
    js: String,
    wasm: Vec<u8>,
}

impl WasmPackage {
    /// Reads the package from `dir`: the folder `scripts/build_web.sh` writes
    /// (`target/web`, with the package in its `pkg/`), or that `pkg/` folder
    /// itself. The error names the file that could not be read.
    pub fn read(dir: &Path) -> io::Result<WasmPackage> {
        let pkg = if dir.join(PACKAGE_JS).is_file() {
            dir.to_path_buf()
        } else {
            dir.join("pkg")
        };
        let read_err = |path: PathBuf| {
            move |e: io::Error| {
                io::Error::new(
                    e.kind(),
                    format!(
                        "{}: {e} (build the page's engine with scripts/build_web.sh)",
                        path.display()
                    ),
                )
            }
        };
        let js_path = pkg.join(PACKAGE_JS);
        let wasm_path = pkg.join(PACKAGE_WASM);
        let js = std::fs::read_to_string(&js_path).map_err(read_err(js_path.clone()))?;
        let wasm = std::fs::read(&wasm_path).map_err(read_err(wasm_path.clone()))?;
        // A truncated or foreign file would fail in every browser much later.
        if !wasm.starts_with(b"\0asm") {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: not a WebAssembly module", wasm_path.display()),
            ));
        }
        Ok(WasmPackage { js, wasm })
    }

    /// The size of the `.wasm`, in bytes.
    pub fn wasm_bytes(&self) -> usize {
        self.wasm.len()
    }
}

/// The server's own variants and the page's engine, both optional.
#[derive(Clone, Debug, Default)]
pub struct Site {
    variants: Vec<Variant>,
    variants_ini: String,
    wasm: Option<WasmPackage>,
}

impl Site {
    /// The variants of a `variants.ini` text, served beside the built-in ones
    /// (`/api/position?variant=NAME`), and the text itself for the page's engine.
    pub fn with_variants_ini(text: &str) -> Result<Site, IniError> {
        Ok(Site {
            variants: ini::parse(text)?,
            variants_ini: text.to_string(),
            wasm: None,
        })
    }

    /// This site with the page's WebAssembly engine served at `/pkg/`.
    pub fn with_wasm(self, wasm: WasmPackage) -> Site {
        Site {
            wasm: Some(wasm),
            ..self
        }
    }

    /// The server's own variants.
    pub fn variants(&self) -> &[Variant] {
        &self.variants
    }

    /// The page's engine, if the server has one.
    pub fn wasm(&self) -> Option<&WasmPackage> {
        self.wasm.as_ref()
    }

    /// `GET /api/variants.ini` (the server's own text, empty without one) and,
    /// with the engine, `/pkg/kibitz_wasm.js` and `/pkg/kibitz_wasm_bg.wasm`.
    /// Without the engine those two are 404s, and the page asks the server for
    /// everything, as before it had one.
    pub(crate) fn routes(&self) -> Router<AppState> {
        let ini = self.variants_ini.clone();
        let mut router = Router::new().route(
            "/api/variants.ini",
            get(
                move || async move { ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], ini) },
            ),
        );
        if let Some(package) = &self.wasm {
            router = router
                .route(
                    &format!("/pkg/{PACKAGE_JS}"),
                    package_file("text/javascript; charset=utf-8", package.js.clone()),
                )
                .route(
                    &format!("/pkg/{PACKAGE_WASM}"),
                    // `WebAssembly.instantiateStreaming` needs this type.
                    package_file("application/wasm", package.wasm.clone()),
                );
        }
        router
    }
}

/// A file of the package: its type, and asked for again by the browser each
/// time (a new `--web` build may bring a new engine).
fn package_file<T>(content_type: &'static str, body: T) -> axum::routing::MethodRouter<AppState>
where
    T: IntoResponse + Clone + Send + Sync + 'static,
{
    get(move || async move {
        (
            [
                (header::CONTENT_TYPE, content_type),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            body,
        )
            .into_response()
    })
}
