//! The `cutoff` binary as a UCI child process: lines go in on stdin, a reader thread passes
//! stdout lines back through a channel, so every wait has a timeout and a hung engine fails
//! the test instead of hanging it.

use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long any single expected answer may take before the test fails.
pub const TIMEOUT: Duration = Duration::from_secs(10);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_thread: Option<JoinHandle<()>>,
    /// Every line read so far, for failure messages.
    pub log: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_cutoff"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start cutoff");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = std::io::BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match std::io::BufRead::read_until(&mut reader, b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut stderr_pipe = child.stderr.take().unwrap();
        let stderr = Arc::new(Mutex::new(Vec::new()));
        let sink = Arc::clone(&stderr);
        let stderr_thread = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stderr_pipe.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines: rx,
            stderr,
            stderr_thread: Some(stderr_thread),
            log: Vec::new(),
        }
    }

    /// Sends one line (a newline is added).
    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Sends raw bytes, invalid UTF-8 and all.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin is open");
        if let Err(e) = stdin.write_all(bytes).and_then(|_| stdin.flush()) {
            panic!(
                "writing to the engine failed ({e}); it may have died. stderr:\n{}\nlast lines:\n{}",
                self.stderr(),
                self.tail()
            );
        }
    }

    /// Closes the engine's standard input (end of file).
    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// The next line, or None after `timeout` (or when stdout closed).
    pub fn recv(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(l) => {
                self.log.push(l.clone());
                Some(l)
            }
            Err(RecvTimeoutError::Timeout) | Err(RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads lines until one satisfies `done`; returns them all, that one last. Fails the test
    /// after `timeout`.
    pub fn read_until(
        &mut self,
        what: &str,
        timeout: Duration,
        done: impl Fn(&str) -> bool,
    ) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Some(l) => {
                    let stop = done(&l);
                    out.push(l);
                    if stop {
                        return out;
                    }
                }
                None => panic!(
                    "no {what} within {timeout:?}; read:\n{}\nstderr:\n{}",
                    out.join("\n"),
                    self.stderr()
                ),
            }
        }
    }

    /// Reads up to and including the `bestmove` line.
    pub fn bestmove(&mut self, timeout: Duration) -> (Vec<String>, String) {
        let lines = self.read_until("bestmove", timeout, |l| l.starts_with("bestmove"));
        let last = lines.last().unwrap().clone();
        (lines, last)
    }

    /// `isready`, then everything the engine printed before `readyok` (which is left out).
    pub fn sync(&mut self) -> Vec<String> {
        self.send("isready");
        let mut lines = self.read_until("readyok", TIMEOUT, |l| l == "readyok");
        lines.pop();
        lines
    }

    /// The FEN that `d` shows.
    pub fn fen(&mut self) -> String {
        self.send("d");
        let lines = self.read_until("Fen line", TIMEOUT, |l| l.starts_with("Fen: "));
        let fen = lines.last().unwrap()["Fen: ".len()..].to_string();
        self.sync();
        fen
    }

    /// Waits for the process to end on its own.
    pub fn wait_exit(&mut self, timeout: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + timeout;
        loop {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Whether the process is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    pub fn stderr(&self) -> String {
        String::from_utf8_lossy(&self.stderr.lock().unwrap()).into_owned()
    }

    /// The last lines read, for failure messages.
    pub fn tail(&self) -> String {
        let from = self.log.len().saturating_sub(20);
        self.log[from..].join("\n")
    }

    /// `quit`, then checks that the engine exits cleanly, without a panic message.
    pub fn quit(mut self) {
        self.send("quit");
        let status = self.wait_exit(TIMEOUT);
        assert!(status.is_some(), "engine did not quit:\n{}", self.tail());
        assert!(status.unwrap().success(), "exit status {status:?}");
        if let Some(t) = self.stderr_thread.take() {
            let _ = t.join();
        }
        let err = self.stderr();
        assert!(!err.contains("panicked"), "stderr:\n{err}");
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        // A failed test must not leave a searching engine behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
