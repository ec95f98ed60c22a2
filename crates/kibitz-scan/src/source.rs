//! Opening a batch input: a file or standard input, decompressed when its first
//! bytes say it is compressed.
//!
//! Compression is recognised by magic bytes, not by the file name, so that
//! `zstdcat`-less pipes (`curl … | kibitz mate -`) and misnamed files both work:
//!
//! | format | first bytes | reader |
//! | --- | --- | --- |
//! | zstd | `28 B5 2F FD`, or a skippable frame `5? 2A 4D 18` | every frame in turn, skippable frames skipped (the Lichess database is written by `pzstd`, which puts a 12-byte skippable frame before each zstd frame) |
//! | gzip | `1F 8B` | every member in turn (`cat a.gz b.gz`) |
//! | bzip2 | `BZh` | every stream in turn (`pbzip2`) |
//!
//! Anything else is read as it is.

use std::fmt;
use std::fs::File;
use std::io::{self, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How an input is compressed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain bytes.
    None,
    /// Zstandard (`.zst`), including pzstd's skippable frames.
    Zstd,
    /// gzip (`.gz`).
    Gzip,
    /// bzip2 (`.bz2`).
    Bzip2,
}

impl Compression {
    /// The compression that `head`, the first bytes of a stream, announce.
    ///
    /// ```
    /// use kibitz_scan::source::Compression;
    /// assert_eq!(Compression::sniff(&[0x28, 0xB5, 0x2F, 0xFD, 0]), Compression::Zstd);
    /// assert_eq!(Compression::sniff(&[0x50, 0x2A, 0x4D, 0x18]), Compression::Zstd);
    /// assert_eq!(Compression::sniff(b"\x1f\x8b\x08"), Compression::Gzip);
    /// assert_eq!(Compression::sniff(b"BZh91AY"), Compression::Bzip2);
    /// assert_eq!(Compression::sniff(b"[Event \"x\"]"), Compression::None);
    /// ```
    pub fn sniff(head: &[u8]) -> Compression {
        match head {
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            // Skippable frames: magic 0x184D2A50 to 0x184D2A5F, little-endian.
            [b, 0x2A, 0x4D, 0x18, ..] if b & 0xF0 == 0x50 => Compression::Zstd,
            [0x1F, 0x8B, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', ..] => Compression::Bzip2,
            _ => Compression::None,
        }
    }

    /// The usual name of the format.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

/// Counts the bytes that pass through a reader, for progress and error offsets.
struct Counted<R> {
    inner: R,
    count: Arc<AtomicU64>,
}

impl<R: Read> Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// An opened input: its name for records, the decompressed bytes, and how far into
/// the raw (possibly compressed) bytes the reading has come.
pub struct Input {
    /// How records name it: the path, or `stdin` for `-`.
    pub name: String,
    /// The compression found.
    pub compression: Compression,
    /// The size of the raw input when known (a regular file).
    pub raw_len: Option<u64>,
    raw_read: Arc<AtomicU64>,
    reader: Box<dyn Read + Send>,
}

/// An input that could not be opened.
#[derive(Debug)]
pub struct OpenError {
    /// The name as given.
    pub name: String,
    /// Why.
    pub error: io::Error,
}

impl fmt::Display for OpenError {
    /// `NAME: cannot open: why`, the name cut at 80 characters (with `…`): a name
    /// can be any argument, a 16 KB one included.
    ///
    /// ```
    /// use kibitz_scan::source::Input;
    /// let Err(err) = Input::open(&"x".repeat(5000)) else { panic!() };
    /// let message = err.to_string();
    /// assert!(message.starts_with(&format!("{}…: cannot open: ", "x".repeat(80))));
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.name.chars();
        let shown: String = chars.by_ref().take(80).collect();
        let more = if chars.next().is_some() { "…" } else { "" };
        write!(f, "{shown}{more}: cannot open: {}", self.error)
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

impl Input {
    /// Opens `name`: a path, or `-` for standard input.
    pub fn open(name: &str) -> Result<Input, OpenError> {
        let fail = |error| OpenError {
            name: name.to_string(),
            error,
        };
        if name == "-" {
            return Input::from_reader("stdin", io::stdin(), None).map_err(fail);
        }
        let file = File::open(name).map_err(fail)?;
        let meta = file.metadata().map_err(fail)?;
        if meta.is_dir() {
            return Err(fail(io::Error::other("is a directory")));
        }
        let len = meta.is_file().then_some(meta.len());
        Input::from_reader(name, file, len).map_err(fail)
    }

    /// Wraps any reader (for tests and for callers holding bytes in memory),
    /// decompressing it when its first bytes say so.
    ///
    /// ```
    /// use std::io::Read;
    /// use kibitz_scan::source::{Compression, Input};
    /// let mut input = Input::from_reader("mem", &b"1. e4 *\n"[..], None).unwrap();
    /// assert_eq!(input.compression, Compression::None);
    /// let mut text = String::new();
    /// input.read_to_string(&mut text).unwrap();
    /// assert_eq!(text, "1. e4 *\n");
    /// ```
    pub fn from_reader(
        name: &str,
        reader: impl Read + Send + 'static,
        raw_len: Option<u64>,
    ) -> io::Result<Input> {
        let raw_read = Arc::new(AtomicU64::new(0));
        let mut counted = Counted {
            inner: reader,
            count: raw_read.clone(),
        };
        // The magic bytes are read first and put back in front of the rest.
        let mut head = [0u8; 4];
        let mut got = 0;
        while got < head.len() {
            match counted.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
        let compression = Compression::sniff(&head[..got]);
        let raw = BufReader::with_capacity(
            1 << 16,
            io::Cursor::new(head).take(got as u64).chain(counted),
        );
        let reader: Box<dyn Read + Send> = match compression {
            Compression::None => Box::new(raw),
            #[cfg(feature = "zstd")]
            Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(raw)?),
            #[cfg(not(feature = "zstd"))]
            Compression::Zstd => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    format!("{name}: zstd input, and this build has no zstd (feature `zstd`)"),
                ));
            }
            Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(raw)),
            Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(raw)),
        };
        Ok(Input {
            name: name.to_string(),
            compression,
            raw_len,
            raw_read,
            reader,
        })
    }

    /// The first bytes of the decompressed input, up to `max` (fewer at its end),
    /// read ahead and put back: reading the input still begins with them. For a
    /// format decided by the first word (`kibitz solve`'s Popeye inputs).
    ///
    /// ```
    /// use std::io::Read;
    /// use kibitz_scan::source::Input;
    /// let mut input = Input::from_reader("mem", &b"beginproblem\nend"[..], None).unwrap();
    /// assert_eq!(input.peek(5).unwrap(), b"begin");
    /// let mut text = String::new();
    /// input.read_to_string(&mut text).unwrap();
    /// assert_eq!(text, "beginproblem\nend");
    /// ```
    pub fn peek(&mut self, max: usize) -> io::Result<Vec<u8>> {
        let mut head = Vec::with_capacity(max.min(1 << 16));
        let mut reader = std::mem::replace(&mut self.reader, Box::new(io::empty()));
        let read = (&mut reader).take(max as u64).read_to_end(&mut head);
        self.reader = Box::new(io::Cursor::new(head.clone()).chain(reader));
        read.map(|_| head)
    }

    /// Raw (compressed) bytes read so far; with `raw_len`, drives a progress bar.
    pub fn raw_read(&self) -> u64 {
        self.raw_read.load(Ordering::Relaxed)
    }

    /// A handle on the raw byte count that stays valid after the input moves to
    /// the reading thread.
    pub fn raw_counter(&self) -> Arc<AtomicU64> {
        self.raw_read.clone()
    }

    /// Counts the decompressed bytes read from now on (for a compressed input, the
    /// ratio of raw to decompressed bytes so far tells how far the raw input is done).
    pub fn count_decompressed(&mut self) -> Arc<AtomicU64> {
        let count = Arc::new(AtomicU64::new(0));
        let inner = std::mem::replace(&mut self.reader, Box::new(io::empty()));
        self.reader = Box::new(Counted {
            inner,
            count: count.clone(),
        });
        count
    }

    /// Lets at most `max_bytes` decompressed bytes through: a read past them fails
    /// (`ErrorKind::FileTooLarge`, naming the limit) and the flag returned turns
    /// true, so that a server can tell a decompression bomb from a damaged input.
    ///
    /// ```
    /// use std::io::Read;
    /// use kibitz_scan::source::Input;
    /// let mut input = Input::from_reader("mem", &b"1. e4 e5 *\n"[..], None).unwrap();
    /// let over = input.limit(4);
    /// let mut text = Vec::new();
    /// let err = input.read_to_end(&mut text).unwrap_err();
    /// assert_eq!(err.kind(), std::io::ErrorKind::FileTooLarge);
    /// assert_eq!(text, b"1. e");
    /// assert!(over.load(std::sync::atomic::Ordering::Relaxed));
    /// ```
    pub fn limit(&mut self, max_bytes: u64) -> Arc<AtomicBool> {
        let over = Arc::new(AtomicBool::new(false));
        let inner = std::mem::replace(&mut self.reader, Box::new(io::empty()));
        self.reader = Box::new(Capped {
            inner,
            left: max_bytes,
            max: max_bytes,
            over: over.clone(),
        });
        over
    }
}

/// A reader that lets `max` bytes through and fails after them (see [`Input::limit`]).
struct Capped {
    inner: Box<dyn Read + Send>,
    left: u64,
    max: u64,
    over: Arc<AtomicBool>,
}

impl Read for Capped {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let too_large = || {
            io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!("more than {} bytes once decompressed", self.max),
            )
        };
        if self.over.load(Ordering::Relaxed) {
            return Err(too_large());
        }
        if buf.is_empty() {
            return Ok(0);
        }
        // One byte more than allowed is asked for, to tell "exactly max" from "more".
        let want = (buf.len() as u64).min(self.left.saturating_add(1)) as usize;
        let n = self.inner.read(&mut buf[..want])?;
        if n as u64 > self.left {
            // The bytes up to the limit are handed out; every read after fails.
            self.over.store(true, Ordering::Relaxed);
            let kept = self.left as usize;
            self.left = 0;
            return if kept > 0 { Ok(kept) } else { Err(too_large()) };
        }
        self.left -= n as u64;
        Ok(n)
    }
}

impl Read for Input {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.reader.read(buf)
    }
}
