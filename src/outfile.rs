//! Files the tool writes are new files: a path that names anything already (a file, a folder, a
//! link, even a dangling one) is refused before any work starts, and so is a path whose folder
//! does not exist, so that nothing a user wrote is overwritten and no long run ends in a failed
//! write.

use std::path::Path;

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
