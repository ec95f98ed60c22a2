//! `kibitz serve [--port P] [--host 127.0.0.1]`: the page and the JSON API of
//! `kibitz-serve`, on loopback unless told otherwise.

use std::process::ExitCode;

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
}

/// Runs `kibitz serve` until Ctrl-C.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the server's runtime")?;
    runtime.block_on(async {
        let listener = kibitz_serve::bind(&args.host, args.port)
            .await
            .with_context(|| {
                let host: String = args.host.chars().take(80).collect();
                format!("cannot listen on {host:?}, port {}", args.port)
            })?;
        let bound = listener.local_addr()?;
        // One line on stdout, so scripts (scripts/e2e.sh) can read the port.
        println!("kibitz serve: listening on http://{bound}/");
        kibitz_serve::serve_on(listener, kibitz_serve::Limits::default())
            .await
            .context("serving")
    })?;
    Ok(ExitCode::SUCCESS)
}
