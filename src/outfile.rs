//! Files the tool writes are new files: a path that names anything already (a file, a folder, a
//! link, even a dangling one) is refused before any work starts, and so is a path whose folder
//! does not exist, so that nothing a user wrote is overwritten and no long run ends in a failed
//! write. Outputs made of several files (a sweep's CSV and heatmaps, a diagram) are claimed
//! before the work, written under short temporary names and named only when all are done
//! ([`Staged`]).

use std::path::{Path, PathBuf};

/// Why `path` cannot take a new file, or `None` when it can. `what` names the file in the
/// message ("the screenshot", "its picture map").
pub fn problem(path: &Path, what: &str) -> Option<String> {
    let shown = crate::echo::path_for_message(path);
    if let Ok(m) = std::fs::symlink_metadata(path) {
        let kind = if m.file_type().is_symlink() && std::fs::metadata(path).is_err() {
            " (a link to nothing)"
        } else if m.is_dir() {
            " (a folder)"
        } else {
            ""
        };
        return Some(format!(
            "{what} {shown} exists{kind}: tenball never writes over a file; give a new name"
        ));
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => None,
        Ok(_) => Some(format!(
            "{what} {shown}: {} is not a folder",
            crate::echo::path_for_message(dir)
        )),
        Err(_) => Some(format!(
            "{what} {shown}: the folder {} does not exist",
            crate::echo::path_for_message(dir)
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

/// What [`temp_beside`] makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Temp {
    File,
    Folder,
}

/// Makes a new empty file or folder under a short temporary name beside `path`:
/// `.tenball-PID-N.partial.EXT`, short whatever the final name's length (a 255-byte name
/// stages as well as a short one). A name already taken (a leftover of a killed run that had
/// the same process id) is passed over for the next.
pub fn temp_beside(path: &Path, ext: &str, kind: Temp) -> std::io::Result<PathBuf> {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut last = None;
    for _ in 0..1000 {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let part = dir.join(format!(".tenball-{}-{n}.partial.{ext}", std::process::id()));
        let made = match kind {
            Temp::File => std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&part)
                .map(drop),
            Temp::Folder => std::fs::create_dir(&part),
        };
        match made {
            Ok(()) => return Ok(part),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary name was free")))
}

/// Files being written under temporary names beside their own, each with the name it gets at
/// the end. Every name is claimed before any work ([`Staged::add`]: the final name checked,
/// the temporary file created, so a folder that takes no file is found then), and either all
/// get their names or none does ([`Staged::finish`]); temporary files left are removed when
/// this is dropped.
#[derive(Default)]
pub struct Staged(std::cell::RefCell<Vec<(PathBuf, PathBuf)>>);

/// The longest extension a temporary name keeps (it tells a drawing its format).
const MAX_KEPT_EXT: usize = 8;

impl Staged {
    /// Claims `path` (described as `what` in messages) and returns the temporary name to
    /// write to: `.tenball-PID-N.partial.EXT`, short whatever the final name's length, so any
    /// name the file system takes can be staged.
    pub fn add(&self, path: &Path, what: &str) -> Result<PathBuf, String> {
        if let Some(why) = problem(path, what) {
            return Err(why);
        }
        let ext = path
            .extension()
            .and_then(|s| s.to_str())
            .filter(|e| e.len() <= MAX_KEPT_EXT && e.chars().all(|c| c.is_ascii_alphanumeric()))
            .unwrap_or("part");
        let part = temp_beside(path, ext, Temp::File).map_err(|e| {
            format!(
                "{what} {}: cannot be written in that folder: {e}",
                crate::echo::path_for_message(path)
            )
        })?;
        self.0.borrow_mut().push((part.clone(), path.to_path_buf()));
        Ok(part)
    }

    /// Gives every file its name, or none: a name taken since it was claimed, or a link that
    /// fails, leaves no file of this set named (those named already are removed again).
    pub fn finish(&self) -> Result<(), String> {
        let staged = self.0.borrow();
        let mut named: Vec<&Path> = Vec::new();
        let undo = |named: &[&Path]| {
            for p in named {
                let _ = std::fs::remove_file(p);
            }
        };
        for (part, path) in staged.iter() {
            let shown = crate::echo::path_for_message(path);
            let result = match std::fs::hard_link(part, path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(format!(
                    "{shown}: something of that name was made while this was being written; it is left as it is, and none of this run's files is named"
                )),
                // A file system without hard links: a rename, where nothing is.
                Err(_) if std::fs::symlink_metadata(path).is_err() => {
                    std::fs::rename(part, path).map_err(|e| format!("{shown}: cannot write: {e}"))
                }
                Err(e) => Err(format!("{shown}: cannot write: {e}")),
            };
            if let Err(e) = result {
                undo(&named);
                return Err(e);
            }
            named.push(path);
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

/// A drawing library's error as a sentence: the file system's own words where the cause was
/// a file that could not be written, never the error's debug form.
pub fn drawing_error(e: &(dyn std::error::Error + 'static)) -> String {
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(c) = cause {
        if let Some(io) = c.downcast_ref::<std::io::Error>() {
            return format!("the picture could not be written: {io}");
        }
        cause = c.source();
    }
    let text = e.to_string();
    if text.contains("IoError") || text.contains("Os {") {
        "the picture could not be written (the file system refused it)".into()
    } else {
        format!("the drawing failed: {}", crate::echo::cut(&text))
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
