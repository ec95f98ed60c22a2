//! `kibitz serve [--port P] [--host 127.0.0.1] [--variants FILE] [--web DIR]`: the
//! page and the JSON API of `kibitz-serve`, on loopback unless told otherwise.

use std::io::Write as _;

use crate::output::{Diagnostics, Status};

use anyhow::Context;

/// Arguments of `kibitz serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The port to listen on; 0 picks a free one (the address is printed).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address or host name to listen on (a name such as `localhost` is
    /// resolved). Loopback by default: other machines can reach the server only
    /// when told so (such as --host 0.0.0.0).
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// A `variants.ini` (Fairy-Stockfish's form) whose variants are served beside
    /// the built-in ones (`/api/position?variant=NAME`).
    #[arg(long, value_name = "FILE")]
    variants: Option<std::path::PathBuf>,
    /// The folder `scripts/build_web.sh` writes (`target/web`): its WebAssembly
    /// engine is served with the page, which then computes legal moves, the
    /// move list, game ends and the piece designer itself, with no round trip.
    /// Without it the page asks the server for everything.
    #[arg(long, value_name = "DIR")]
    web: Option<std::path::PathBuf>,
}

/// Runs `kibitz serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<Status> {
    let mut site = match &args.variants {
        None => kibitz_serve::Site::default(),
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            kibitz_serve::Site::with_variants_ini(&text)
                .with_context(|| format!("{}", path.display()))?
        }
    };
    if let Some(dir) = &args.web {
        let package = kibitz_serve::WasmPackage::read(dir)
            .with_context(|| format!("--web {}", dir.display()))?;
        site = site.with_wasm(package);
    }
    // The allocator's background thread returns freed memory to the system
    // while the server is idle (dirty pages decay over 10 s), rather than only
    // when a later allocation happens to purge them.
    if let Err(e) = tikv_jemalloc_ctl::background_thread::write(true) {
        let _ = writeln!(
            Diagnostics,
            "kibitz serve: the allocator's background thread did not start ({e}): \
             memory freed is returned to the system only as new requests come"
        );
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async {
        let listener = kibitz_serve::bind(&args.host, args.port)
            .await
            .with_context(|| {
                let host = kibitz::text::quote(&args.host);
                format!("cannot listen on {host:?}, port {}", args.port)
            })?;
        let bound = listener.local_addr()?;
        // One line on stdout, so scripts (scripts/e2e.sh) can read the port.
        println!("kibitz serve: listening on http://{bound}/");
        let _ = match site.wasm() {
            Some(package) => writeln!(
                Diagnostics,
                "kibitz serve: the page computes its moves in WebAssembly ({} bytes)",
                package.wasm_bytes()
            ),
            None => writeln!(
                Diagnostics,
                "kibitz serve: the page asks the server for its moves (--web DIR serves its WebAssembly engine)"
            ),
        };
        kibitz_serve::serve_on_with(listener, kibitz_serve::Limits::default(), &site)
            .await
            .context("serving")
    })?;
    Ok(Status::Fine)
}
