//! Files the tool writes are new files: a path that names anything already (a file, a folder, a
//! link, even a dangling one) is refused before any work starts, and so is a path whose folder
//! does not exist, so that nothing a user wrote is overwritten and no long run ends in a failed
//! write. Outputs made of several files (a sweep's CSV and heatmaps, a diagram) are written
//! under temporary names and named only when all are done ([`Staged`]).

use std::path::{Path, PathBuf};

/// Why `path` cannot take a new file, or `None` when it can. `what` names the file in the
/// message ("the screenshot", "its picture map").
pub fn problem(path: &Path, what: &str) -> Option<String> {
    let shown = path.display();
    if std::fs::symlink_metadata(path).is_ok() {
        return Some(format!(
            "{what} {shown} exists: tenball never writes over a file; give a new name"
        ));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => None,
        Ok(_) => Some(format!("{what} {shown}: {} is not a folder", dir.display())),
        Err(_) => Some(format!(
            "{what} {shown}: the folder {} does not exist",
            dir.display()
        )),
    }
}

/// Writes `bytes` to `path` as a new file (never over an existing one, nor through a link).
pub fn write_new(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(bytes)
}

/// Files being written under temporary names beside their own (`.NAME.partial-PID.EXT`), each
/// with the name it gets at the end; those not finished are removed when this is dropped.
#[derive(Default)]
pub struct Staged(std::cell::RefCell<Vec<(PathBuf, PathBuf)>>);

impl Staged {
    /// The temporary name for `path`.
    pub fn add(&self, path: &Path) -> PathBuf {
        let file = path.file_name().and_then(|s| s.to_str()).unwrap_or("out");
        let ext = path.extension().and_then(|s| s.to_str()).unwrap_or("part");
        let part = path.with_file_name(format!(".{file}.partial-{}.{ext}", std::process::id()));
        self.0.borrow_mut().push((part.clone(), path.to_path_buf()));
        part
    }

    /// Gives every file its name; none is written over (a hard link fails where a file is).
    pub fn finish(&self) -> Result<(), String> {
        for (part, path) in self.0.borrow().iter() {
            let cannot = |e: std::io::Error| format!("{}: cannot write: {e}", path.display());
            match std::fs::hard_link(part, path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                    return Err(format!(
                        "{}: appeared while it was being written; it is left as it is",
                        path.display()
                    ));
                }
                // A file system without hard links: a rename, where nothing is.
                Err(_) if std::fs::symlink_metadata(path).is_err() => {
                    std::fs::rename(part, path).map_err(cannot)?
                }
                Err(e) => return Err(cannot(e)),
            }
        }
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (part, _) in self.0.borrow().iter() {
            let _ = std::fs::remove_file(part);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_existing_file_a_dangling_link_and_a_missing_folder_are_refused() {
        let dir = std::env::temp_dir().join(format!("tenball-outfile-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("a.png");
        std::fs::write(&file, b"mine").unwrap();
        assert!(problem(&file, "the screenshot").unwrap().contains("exists"));
        #[cfg(unix)]
        {
            let link = dir.join("dangling.png");
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(dir.join("nowhere"), &link).unwrap();
            assert!(problem(&link, "x").is_some());
        }
        assert!(
            problem(&dir.join("nodir/x.png"), "x")
                .unwrap()
                .contains("does not exist")
        );
        assert_eq!(problem(&dir.join("new.png"), "x"), None);
        assert!(write_new(&file, b"other").is_err());
        assert_eq!(std::fs::read(&file).unwrap(), b"mine");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
