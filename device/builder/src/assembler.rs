//! NVIDIA's assembler (`ptxas`), found at build time where it can be, turning PTX into
//! machine code (cubins) for the GPU architectures asked for.
//!
//! Where it is looked for, first found wins: `$PARALLAX_PTXAS`; `ptxas` on `PATH`;
//! `$CUDA_HOME/bin/ptxas` and `$CUDA_PATH/bin/ptxas`; `/usr/local/cuda/bin/ptxas`; the
//! `nvidia-cuda-nvcc` Python wheel (`pip install nvidia-cuda-nvcc`), through `python3`.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

/// Environment variable naming the `ptxas` to use.
pub const PTXAS_ENV: &str = "PARALLAX_PTXAS";

/// Environment variable listing the architectures to assemble for (`sm_80,sm_90`), or
/// `none` for PTX alone.
pub const ARCHS_ENV: &str = "PARALLAX_CUDA_ARCHS";

/// The architectures assembled by default: the data-centre and desktop GPUs of the last
/// generations (Ampere sm_80/sm_86, Ada sm_89, Hopper sm_90, Blackwell sm_100/sm_120), each
/// where the assembler supports it. Other GPUs JIT-compile the PTX.
pub const DEFAULT_ARCHS: &[u32] = &[80, 86, 89, 90, 100, 120];

/// A `ptxas` that runs, and the architectures it can assemble for.
#[derive(Debug, Clone)]
pub struct Assembler {
    path: PathBuf,
    archs: Vec<u32>,
}

impl Assembler {
    /// The first `ptxas` found (see the module docs) that answers `--list-arch`.
    pub fn find() -> Option<Assembler> {
        candidates().into_iter().find_map(|path| {
            let out = Command::new(&path).arg("--list-arch").output().ok()?;
            if !out.status.success() {
                return None;
            }
            let archs = parse_arch_list(&String::from_utf8_lossy(&out.stdout));
            (!archs.is_empty()).then_some(Assembler { path, archs })
        })
    }

    /// Where this `ptxas` is.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Whether it can assemble for `sm` (90 for sm_90).
    pub fn supports(&self, sm: u32) -> bool {
        self.archs.contains(&sm)
    }

    /// Assembles each `(job, ptx)` for each of `archs`, on as many threads as the machine
    /// has, into `(job, sm, cubin)` in job-then-architecture order. `scratch` holds the
    /// temporary files.
    ///
    /// # Errors
    /// The first failure: `ptxas`'s own message with the job and architecture.
    pub fn assemble(
        &self,
        jobs: &[(String, String)],
        archs: &[u32],
        scratch: &Path,
    ) -> Result<Vec<(usize, u32, Vec<u8>)>, String> {
        fs::create_dir_all(scratch).map_err(|e| format!("{}: {e}", scratch.display()))?;
        let work: Vec<(usize, u32)> = (0..jobs.len())
            .flat_map(|j| archs.iter().map(move |&sm| (j, sm)))
            .collect();
        let next = AtomicUsize::new(0);
        let done = Mutex::new(Vec::with_capacity(work.len()));
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        std::thread::scope(|s| {
            for _ in 0..threads.min(work.len()) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(job, sm)) = work.get(i) else { break };
                    let result = self.assemble_one(&jobs[job], sm, &scratch.join(i.to_string()));
                    done.lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, job, sm, result));
                });
            }
        });
        let mut done = done.into_inner().unwrap_or_else(|e| e.into_inner());
        done.sort_by_key(|&(i, ..)| i);
        done.into_iter()
            .map(|(_, job, sm, result)| result.map(|cubin| (job, sm, cubin)))
            .collect()
    }

    fn assemble_one(
        &self,
        (name, ptx): &(String, String),
        sm: u32,
        stem: &Path,
    ) -> Result<Vec<u8>, String> {
        let input = stem.with_extension("ptx");
        let output = stem.with_extension("cubin");
        fs::write(&input, ptx).map_err(|e| format!("{}: {e}", input.display()))?;
        let out = Command::new(&self.path)
            .arg(format!("-arch=sm_{sm}"))
            .arg("-o")
            .arg(&output)
            .arg(&input)
            .output()
            .map_err(|e| format!("running {}: {e}", self.path.display()))?;
        if !out.status.success() {
            return Err(format!(
                "{} -arch=sm_{sm} failed on {name}:\n{}",
                self.path.display(),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        let cubin = fs::read(&output).map_err(|e| format!("{}: {e}", output.display()))?;
        let _ = fs::remove_file(&input);
        let _ = fs::remove_file(&output);
        Ok(cubin)
    }
}

/// The architectures named by `$PARALLAX_CUDA_ARCHS` (`sm_80,sm_90`, `80 90`; `none` or
/// empty for none), or [`DEFAULT_ARCHS`] when it is unset.
///
/// # Errors
/// A word that is not an architecture.
pub(crate) fn requested_archs(value: Option<&str>) -> Result<Vec<u32>, String> {
    let Some(value) = value else {
        return Ok(DEFAULT_ARCHS.to_vec());
    };
    if value.trim().eq_ignore_ascii_case("none") {
        return Ok(Vec::new());
    }
    value
        .split([',', ' '])
        .filter(|w| !w.is_empty())
        .map(|w| {
            let digits = w.strip_prefix("sm_").unwrap_or(w);
            digits
                .parse::<u32>()
                .ok()
                .filter(|sm| (50..1000).contains(sm))
                .ok_or_else(|| format!("{ARCHS_ENV}: `{w}` is not an architecture like sm_90"))
        })
        .collect()
}

/// The numbers `ptxas --list-arch` prints (one per line, or separated by spaces).
fn parse_arch_list(text: &str) -> Vec<u32> {
    text.split_whitespace()
        .filter_map(|w| w.trim_start_matches("sm_").parse().ok())
        .collect()
}

fn candidates() -> Vec<PathBuf> {
    let mut found = Vec::new();
    if let Some(p) = env::var_os(PTXAS_ENV) {
        found.push(PathBuf::from(p));
    }
    if let Some(path) = env::var_os("PATH") {
        found.extend(env::split_paths(&path).map(|dir| dir.join("ptxas")));
    }
    for var in ["CUDA_HOME", "CUDA_PATH"] {
        if let Some(dir) = env::var_os(var) {
            found.push(PathBuf::from(dir).join("bin").join("ptxas"));
        }
    }
    found.push(PathBuf::from("/usr/local/cuda/bin/ptxas"));
    found.extend(wheel_ptxas());
    found.into_iter().filter(|p| p.is_file()).collect()
}

/// `ptxas` of the `nvidia-cuda-nvcc` wheel, asked of `python3` (the wheel puts it under
/// `site-packages/nvidia/cu13/bin/`, or `cuda_nvcc/bin/` in older releases).
fn wheel_ptxas() -> Vec<PathBuf> {
    const PROBE: &str = "import nvidia, pathlib\n\
        for r in nvidia.__path__:\n\
        \x20   for c in ('cu13/bin/ptxas', 'cu12/bin/ptxas', 'cuda_nvcc/bin/ptxas'):\n\
        \x20       p = pathlib.Path(r) / c\n\
        \x20       if p.is_file(): print(p)\n";
    let Ok(out) = Command::new("python3").args(["-c", PROBE]).output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(PathBuf::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{parse_arch_list, requested_archs, DEFAULT_ARCHS};

    #[test]
    fn arch_lists_parse() {
        assert_eq!(parse_arch_list("75\n80\n90\n100\n"), [75, 80, 90, 100]);
        assert_eq!(parse_arch_list("sm_80 sm_90"), [80, 90]);
        assert_eq!(requested_archs(None).unwrap(), DEFAULT_ARCHS);
        assert_eq!(requested_archs(Some("sm_80,sm_90")).unwrap(), [80, 90]);
        assert_eq!(requested_archs(Some("90 120")).unwrap(), [90, 120]);
        assert!(requested_archs(Some("none")).unwrap().is_empty());
        assert!(requested_archs(Some("")).unwrap().is_empty());
        assert!(requested_archs(Some("sm_9x")).is_err());
        assert!(requested_archs(Some("compute_90")).is_err());
    }
}
